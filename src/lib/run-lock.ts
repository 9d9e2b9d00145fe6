/**
 * One tab runs a batch or a storyboard (issues 45 and 42): two tabs resuming the same run after a
 * reload would each send its tasks, doubling them and the bill, and each overwrite the other's
 * record. The Web Locks API gives a lock per name for the whole browser profile, let go by the
 * browser itself when its tab closes or crashes, which a lease in localStorage or a
 * BroadcastChannel would have to guess at with heartbeats (decision 520).
 */
export type RunKind = 'batch' | 'storyboard';

export const runLockName = (kind: RunKind, id: string) => `media-studio.${kind}-run:${id}`;

/** What a runner is told of its claim on a run. */
export interface RunClaim {
  granted: () => void;
  elsewhere: () => void;
}

/**
 * Claims the run of `kind` `id`: `granted` once this tab holds it; `elsewhere` at once when another
 * tab does, and the claim then waits until that tab lets go (pauses, finishes, closes). Returns the
 * release, which also drops a claim still waiting. Without Web Locks (an old browser, or a page
 * served over plain HTTP to another machine, which is no secure context) the run is granted at
 * once, as before the guard.
 */
export function claimRun(
  kind: RunKind,
  id: string,
  on: RunClaim,
  locks: LockManager | undefined = globalThis.navigator?.locks,
): () => void {
  if (!locks) {
    on.granted();
    return () => undefined;
  }
  const name = runLockName(kind, id);
  let done = false;
  let letGo!: () => void;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  const waiting = new AbortController();
  // The lock is held for as long as this promise is pending: until the release.
  const hold = () => {
    if (!done) on.granted();
    return held;
  };
  void locks
    .request(name, { ifAvailable: true }, (lock) => (lock ? hold().then(() => true) : false))
    .then((got) => {
      if (got || done) return;
      on.elsewhere();
      return locks.request(name, { signal: waiting.signal }, hold);
    })
    // An aborted wait (released before its turn) or a lock manager refusing (an opaque origin).
    .catch(() => undefined);
  return () => {
    done = true;
    letGo();
    waiting.abort();
  };
}
