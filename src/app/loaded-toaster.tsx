import { useEffect, useSyncExternalStore, type CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { toasterMounted } from '@/lib/toaster-host';
import { useTranslation } from '@/lib/i18n';
import { useTheme } from '@/lib/theme';

// The Toaster and its settings, fetched with sonner once the first page is idle or a toast is raised
// (toaster.tsx): none of it is part of the first open (decision 470).

/** Runs its effect after the Toaster's own effects (children first), i.e. once it listens. */
function MountedSignal() {
  useEffect(() => toasterMounted(), []);
  return null;
}

/** From md up there is room beside the page's title for a wider toast (see below). */
const SIDEBAR = '(min-width: 768px)';

function useWide(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia?.(SIDEBAR);
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(SIDEBAR).matches ?? true,
    () => true,
  );
}

/**
 * sonner pauses a toast's timer while the pointer is over the stack, not while the keyboard is in
 * it: a person who tabbed to "Open" or "Undo" lost it mid-way. Focus entering the stack is told to
 * sonner as the pointer entering it (React's onMouseEnter listens for mouseover), and leaving as
 * leaving, so both hold every toast alike.
 */
function holdWhileFocused(): () => void {
  const stackOf = (node: EventTarget | null) =>
    node instanceof Element ? node.closest('[data-sonner-toaster]') : null;
  const onFocusIn = (e: FocusEvent) => {
    const stack = stackOf(e.target);
    if (stack && stackOf(e.relatedTarget) !== stack) {
      stack.dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: document.body }));
    }
  };
  const onFocusOut = (e: FocusEvent) => {
    const stack = stackOf(e.target);
    if (stack && stackOf(e.relatedTarget) !== stack && !stack.matches(':hover')) {
      stack.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
    }
  };
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('focusout', onFocusOut);
  return () => {
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('focusout', onFocusOut);
  };
}

/** sonner's Toaster with the app's settings. */
export function LoadedToaster() {
  const [theme] = useTheme();
  const { t } = useTranslation();
  const wide = useWide();
  useEffect(holdWhileFocused, []);
  return (
    <>
      <Toaster
        theme={theme}
        richColors
        closeButton
        // Where they cover no control (decisions 301, 384): from md up at the top centre, in the
        // header row between a page's title and its actions, as wide as a line of a prompt needs
        // (the sidebar's foot made them a cramped 200 px column); on a phone at the top, over the
        // page's title, under the header row. Never bottom corners: the pager, the upload tray,
        // the playground's message box and Send, and review mode's Previous live there.
        position="top-center"
        offset={wide ? { top: 12 } : { top: 56 }}
        mobileOffset={{ top: 52, left: 8, right: 8 }}
        style={wide ? ({ '--width': 'min(400px, 42vw)' } as CSSProperties) : undefined}
        // A toast names a task by its prompt: two lines of it say which one; the rest is one
        // click away in the task.
        // sonner's own labels are English ("Close toast" on every close button): the page's words instead.
        toastOptions={{
          classNames: { description: 'line-clamp-2 break-words' },
          closeButtonAriaLabel: t('actions.close'),
        }}
        // It appends the shortcut (alt+T) to the region's label itself.
        containerAriaLabel={t('notifications')}
      />
      <MountedSignal />
    </>
  );
}
