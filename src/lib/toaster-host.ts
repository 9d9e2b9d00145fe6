/**
 * sonner (~10 KB gzipped) stays out of the entry chunk: the Toaster mounts when the browser is idle
 * after first paint, or at once when something needs to show a toast. notify.ts awaits
 * `toasterReady()` so a toast is never fired before the Toaster listens (sonner drops those).
 */
type Listener = () => void;

let requested = false;
const listeners = new Set<Listener>();
let resolveMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  resolveMounted = resolve;
});

export function requestToaster(): void {
  if (requested) return;
  requested = true;
  listeners.forEach((l) => l());
}

export function isToasterRequested(): boolean {
  return requested;
}

export function subscribeToaster(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the host once sonner's Toaster has mounted (and subscribed to toasts). */
export function toasterMounted(): void {
  resolveMounted();
}

export function toasterReady(): Promise<void> {
  requestToaster();
  return mounted;
}
