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

/** Claims a run for this tab (claimRun bound to its kind, or a fake in tests). */
export type ClaimFn = (id: string, on: RunClaim) => () => void;

interface Entry {
  state: 'waiting' | 'granted' | 'held' | 'elsewhere';
  release: () => void;
}

/**
 * Which runs this tab holds, waits for, or sees run in another tab: one per batch or board, for
 * both runners (BatchRunner, StoryboardRunner). A claim is granted, then taken (the runner has read
 * the record as the other tab left it); only a taken claim lets the runner act. A start asked for
 * before the run was this tab's is kept as an intent and handed over once it is taken.
 */
export class RunClaims<Intent = never> {
  private readonly claims = new Map<string, Entry>();
  private readonly intents = new Map<string, Intent>();

  constructor(
    private readonly claim: ClaimFn | undefined,
    private readonly on: {
      /** Another tab runs it now, or no longer does for this one: the page shows it. */
      changed(id: string): void;
      /**
       * The lock is this tab's: the runner reads the record again if it must, then calls take().
       * `sync`: granted at once, inside request() (no Web Locks); `live` turns false once let go.
       */
      granted(id: string, live: () => boolean, sync: boolean): void;
      /** The last write of the run's record, which a release waits for: the next tab reads it. */
      lastWrite?(id: string): Promise<unknown> | undefined;
    },
  ) {}

  /** Without a claim (tests of one runner) every run is this tab's. */
  get guarded(): boolean {
    return this.claim !== undefined;
  }

  holds(id: string): boolean {
    return !this.claim || this.claims.get(id)?.state === 'held';
  }

  runsElsewhere(id: string): boolean {
    return this.claims.get(id)?.state === 'elsewhere';
  }

  hasIntent(id: string): boolean {
    return this.intents.has(id);
  }

  /** Claims the run and keeps `intent` to hand over once it is taken. */
  startWhenHeld(id: string, intent: Intent): void {
    this.intend(id, intent);
    this.request(id);
  }

  /** Keeps (or replaces) the intent to hand over once the run is taken, claimed or not yet. */
  intend(id: string, intent: Intent): void {
    this.intents.set(id, intent);
  }

  intentOf(id: string): Intent | undefined {
    return this.intents.get(id);
  }

  /** The granted claim becomes held; returns the intent kept for it, once. */
  take(id: string): Intent | undefined {
    const entry = this.claims.get(id);
    if (entry) entry.state = 'held';
    const intent = this.intents.get(id);
    this.intents.delete(id);
    return intent;
  }

  /** Claims the run unless claimed already; whether this tab holds it now. */
  request(id: string): boolean {
    if (!this.claim) return true;
    const held = this.claims.get(id);
    if (held) return held.state === 'held';
    let live = true;
    let sync = true;
    const entry: Entry = { state: 'waiting', release: () => undefined };
    this.claims.set(id, entry);
    const release = this.claim(id, {
      elsewhere: () => {
        if (!live) return;
        entry.state = 'elsewhere';
        this.on.changed(id);
      },
      granted: () => {
        if (!live) return;
        const was = entry.state;
        entry.state = 'granted';
        if (was === 'elsewhere') this.on.changed(id);
        this.on.granted(id, () => live, sync);
      },
    });
    sync = false;
    entry.release = () => {
      live = false;
      release();
    };
    return entry.state === 'held';
  }

  /** Lets the run go, once its last write has landed; a kept intent is dropped. */
  release(id: string): void {
    this.intents.delete(id);
    const entry = this.claims.get(id);
    if (!entry) return;
    this.claims.delete(id);
    const write = this.on.lastWrite?.(id);
    if (write) void write.then(entry.release, entry.release);
    else entry.release();
    if (entry.state === 'elsewhere') this.on.changed(id);
  }
}

/**
 * Runs `work` holding the run's lock if no tab holds it now, and says whether it did: a tab that
 * does not run a batch writes its edit onto the kept record only so, with no runner writing
 * meanwhile. Without Web Locks the work runs at once, as claims are granted at once.
 */
export async function runIfFree(
  kind: RunKind,
  id: string,
  work: () => Promise<void>,
  locks: LockManager | undefined = globalThis.navigator?.locks,
): Promise<boolean> {
  if (!locks) {
    await work();
    return true;
  }
  return locks.request(runLockName(kind, id), { ifAvailable: true }, async (lock) => {
    if (!lock) return false;
    await work();
    return true;
  });
}
