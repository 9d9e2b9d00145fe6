import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';

/**
 * Where a dialog's open state lives in the URL, so that a reload or a shared link opens it again:
 * - `{ param: 'new' }`: `?new=1` (a create or register dialog);
 * - `{ basePath: '/groups' }`: `/groups/<id>` (the item the dialog shows; the route's splat).
 */
export type UrlDialogOptions = { param: string } | { basePath: string };

export interface UrlDialog {
  /** The param's value or the id in the path; undefined while closed. */
  value: string | undefined;
  isOpen: boolean;
  /**
   * True from the first opening on: a lazily loaded dialog stays mounted once it has been, so that
   * work still pending when it closes (a create in flight) finishes and clears its draft.
   */
  everOpened: boolean;
  /** Opens it: `param` mode sets the param (to '1' unless told); path mode goes to basePath/<value>. */
  open: (value?: string, search?: URLSearchParams) => void;
  /** Closes it, keeping the rest of the URL. */
  close: () => void;
  /** For a Radix Dialog's `onOpenChange`. */
  onOpenChange: (open: boolean) => void;
}

/** Frames to wait for a dialog to leave the DOM (route changes render in a transition). */
const MAX_FRAMES = 30;

const DIALOG = '[role="dialog"], [role="alertdialog"]';

/**
 * The element focused last outside any dialog, kept by a focusin listener. A dialog may take focus
 * in the very render that opens it (autoFocus), and one opened from inside another (a registration
 * that opens the new asset's sheet) should give focus back to what opened the first: the button
 * inside the closed dialog is gone.
 */
let lastOutsideFocus: HTMLElement | null = null;
let listening = false;

function trackFocus() {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target;
      if (target instanceof HTMLElement && target !== document.body && !target.closest(DIALOG)) {
        lastOutsideFocus = target;
      }
    },
    true,
  );
}

function focusedOpener(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body && !active.closest(DIALOG)) return active;
  return lastOutsideFocus?.isConnected ? lastOutsideFocus : null;
}

/** Focuses `target` once no dialog is left in the DOM, if focus is then nowhere. */
function returnFocus(target: HTMLElement) {
  let frames = 0;
  const attempt = () => {
    frames += 1;
    const dialogOpen = document.querySelector(DIALOG) !== null;
    if (dialogOpen && frames < MAX_FRAMES) {
      requestAnimationFrame(attempt);
      return;
    }
    const active = document.activeElement;
    if (target.isConnected && (active === null || active === document.body)) target.focus();
  };
  requestAnimationFrame(attempt);
}

/**
 * For a dialog that is mounted to open and unmounted to close, with no trigger and no URL state
 * (the template dialogs): focus goes back to what opened it, as `useUrlDialog` does. Without it a
 * save or an insert left focus on <body>, and a keyboard user started again from the top.
 */
export function useReturnFocusOnUnmount(): void {
  trackFocus();
  useLayoutEffect(() => {
    const opener = focusedOpener();
    return () => {
      if (opener) returnFocus(opener);
    };
  }, []);
}

/**
 * A dialog whose open state is in the URL, which gives focus back to what opened it when it closes
 * (however it closes: Escape, a button, the browser's Back). Radix does the latter only for a
 * dialog with a trigger; these open from a link, a search param or a route, and a lazily loaded
 * one recorded its Suspense fallback as the element to return to, so focus fell to <body>.
 *
 * The opener is read in a layout effect of the render that opens the dialog (before Radix moves
 * focus in, in a passive effect), falling back on the last element focused outside any dialog.
 */
export function useUrlDialog(options: UrlDialogOptions): UrlDialog {
  const [params, setParams] = useSearchParams();
  const splat = useParams()['*'];
  const navigate = useNavigate();
  const location = useLocation();
  const param = 'param' in options ? options.param : undefined;
  const basePath = 'basePath' in options ? options.basePath : undefined;
  // The router decodes the splat already.
  const value = (param !== undefined ? params.get(param) : splat?.split('/')[0]) || undefined;
  const isOpen = value !== undefined;

  const [everOpened, setEverOpened] = useState(isOpen);
  if (isOpen && !everOpened) setEverOpened(true);

  trackFocus();
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(isOpen);
  useLayoutEffect(() => {
    if (isOpen && !wasOpen.current) opener.current = focusedOpener();
    if (!isOpen && wasOpen.current && opener.current) {
      returnFocus(opener.current);
      opener.current = null;
    }
    wasOpen.current = isOpen;
  }, [isOpen, value]);

  const search = location.search;
  const open = useCallback(
    (next = '1', nextSearch?: URLSearchParams) => {
      if (param !== undefined) {
        setParams((prev) => {
          const updated = new URLSearchParams(nextSearch ?? prev);
          updated.set(param, next);
          return updated;
        });
      } else {
        navigate({
          pathname: `${basePath}/${encodeURIComponent(next)}`,
          search: nextSearch ? nextSearch.toString() : search,
        });
      }
    },
    [param, basePath, setParams, navigate, search],
  );
  const close = useCallback(() => {
    if (param !== undefined) {
      setParams((prev) => {
        const updated = new URLSearchParams(prev);
        updated.delete(param);
        return updated;
      });
    } else {
      navigate({ pathname: basePath, search });
    }
  }, [param, basePath, setParams, navigate, search]);
  const onOpenChange = useCallback((next: boolean) => (next ? open() : close()), [open, close]);

  return { value, isOpen, everOpened, open, close, onOpenChange };
}
