import { lazy, useState, type ComponentType } from 'react';

export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Starts fetching the component's chunk (on intent: hover, focus); safe to call any number of times. */
  preload: () => void;
  /** Resolves once the chunk is loaded; rejects if it failed (a later call tries again). */
  load: () => Promise<ComponentType<P>>;
};

/**
 * React.lazy with a preload: a component whose code is fetched on first render, or earlier, when
 * the person shows intent (hovers or focuses the button that opens it). Once the chunk has arrived,
 * new mounts render the component directly instead of going through the lazy wrapper, so a dialog
 * opened after a preload never shows its Suspense fallback, not even for a frame. Until then it
 * suspends like any React.lazy component: render it inside a Suspense boundary.
 */
export function lazyWithPreload<P extends object>(
  importComponent: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const load = () => {
    pending ??= importComponent().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // Forget a failed fetch (offline, a new deploy) so that the next intent or render retries.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(async () => ({ default: await load() }));

  function Preloadable(props: P) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded component on a later
    // render would remount it and lose its state.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, {
    preload: () => void load().catch(() => undefined),
    load,
  });
}
