import type { Batch } from './batch-model';
import type { BatchRunnerDeps } from './batch-runner-deps';

type Claim = NonNullable<BatchRunnerDeps['claim']>;

/**
 * Which batches' runs this tab holds (decision 520), for the BatchRunner: a claim per batch (its
 * lock, src/lib/run-lock.ts), granted or waiting; the batches another tab runs now; and a start asked for
 * before the run was this tab's, applied once it is.
 */
export class BatchRunClaims {
  private readonly claims = new Map<string, () => void>();
  private readonly owned = new Set<string>();
  private readonly elsewhere = new Set<string>();
  private readonly intents = new Map<string, (b: Batch) => Batch>();

  constructor(
    private readonly claim: Claim | undefined,
    private readonly on: {
      /** Another tab runs the batch, or no longer does for this one: the page shows it. */
      changed(): void;
      /** The run is this tab's: `live` turns false if it was let go meanwhile. */
      granted(id: string, live: () => boolean): void;
      /** The last write of the batch, which a release waits for. */
      lastWrite(id: string): Promise<void> | undefined;
    },
  ) {}

  /** Without a claim (tests of one runner) every batch is this tab's. */
  get guarded(): boolean {
    return this.claim !== undefined;
  }

  holds(id: string): boolean {
    return !this.claim || this.owned.has(id);
  }

  runsElsewhere(id: string): boolean {
    return this.elsewhere.has(id);
  }

  hasIntent(id: string): boolean {
    return this.intents.has(id);
  }

  /** Claims the run and keeps `intent` to apply once it is granted. */
  startWhenHeld(id: string, intent: (b: Batch) => Batch): void {
    this.intents.set(id, intent);
    this.request(id);
  }

  /** The intent kept for the batch, taken once: the caller applies it to the batch as kept. */
  takeGranted(id: string): ((b: Batch) => Batch) | undefined {
    this.owned.add(id);
    this.elsewhere.delete(id);
    const intent = this.intents.get(id);
    this.intents.delete(id);
    return intent;
  }

  request(id: string): void {
    if (!this.claim || this.claims.has(id)) return;
    let live = true;
    const release = this.claim(id, {
      elsewhere: () => {
        if (!live) return;
        this.elsewhere.add(id);
        this.on.changed();
      },
      granted: () => this.on.granted(id, () => live),
    });
    this.claims.set(id, () => {
      live = false;
      release();
    });
  }

  release(id: string): void {
    this.intents.delete(id);
    const release = this.claims.get(id);
    // Let go once the last write has landed: the next tab reads the batch as this one left it.
    if (release) void (this.on.lastWrite(id) ?? Promise.resolve()).then(release);
    this.claims.delete(id);
    this.owned.delete(id);
    if (this.elsewhere.delete(id)) this.on.changed();
  }
}
