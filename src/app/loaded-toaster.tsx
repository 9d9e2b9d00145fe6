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

/** Wide enough for the sidebar: at md and up toasts sit in its empty lower part (see below). */
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
        // Where they cover no control (decision 301). From md up, over the lower part of the
        // sidebar, which holds nothing below its links, and as wide as it: not over the page's
        // header actions (Export/Import on Tasks), the playground's settings, the pager or the
        // upload tray. On a phone there is no sidebar: at the top, over the page's title, under
        // the header row.
        position={wide ? 'bottom-left' : 'top-center'}
        offset={wide ? { left: 12, bottom: 12 } : { top: 56 }}
        mobileOffset={{ top: 52, left: 8, right: 8 }}
        style={wide ? ({ '--width': '200px' } as CSSProperties) : undefined}
        // sonner's own region label is English; it appends the shortcut (alt+T) itself.
        containerAriaLabel={t('notifications')}
      />
      <MountedSignal />
    </>
  );
}
