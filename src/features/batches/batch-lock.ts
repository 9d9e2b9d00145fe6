/**
 * One tab runs a batch (issue 45): two tabs resuming the same batch after a reload would each send
 * its rows, doubling the tasks and the bill, and each overwrite the other's record. The Web Locks
 * API gives a lock per name for the whole browser profile, let go by the browser itself when its tab
 * closes or crashes, which a lease in localStorage or a BroadcastChannel would have to guess at
 * with heartbeats (decision 520).
 */
export const batchLockName = (id: string) => `media-studio.batch-run:${id}`;

/**
 * Claims the run of batch `id`: `granted` once this tab holds it; `elsewhere` at once when another
 * tab does, and the claim then waits until that tab lets go (pauses, finishes, closes). Returns the
 * release, which also drops a claim still waiting. Without Web Locks (an old browser, or a page
 * served over plain HTTP to another machine, which is no secure context) the run is granted at
 * once, as before the guard.
 */
export function claimBatchRun(
  id: string,
  on: { granted: () => void; elsewhere: () => void },
  locks: LockManager | undefined = globalThis.navigator?.locks,
): () => void {
  if (!locks) {
    on.granted();
    return () => undefined;
  }
  const name = batchLockName(id);
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
