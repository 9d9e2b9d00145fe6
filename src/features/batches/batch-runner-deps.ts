import type { BatchBody } from './batch-check';
import type { Batch } from './batch-model';
import type { EditsTransport } from './batch-edits-channel';
import type { PendingEditsStore } from './batch-pending-edits';

/** What a watched task query holds now. */
export interface Watched {
  data?: unknown;
  error?: unknown;
}

/** What the runner asks of the outside world: the session gives the real ones, tests fakes. */
export interface BatchRunnerDeps {
  /** The row's body, checked as before the run; undefined when it no longer passes (edited since). */
  body(batch: Batch, index: number): BatchBody | undefined;
  /**
   * POSTs one task and records it in the task registry (its id is never lost after that), with
   * `sendKey` as its Idempotency-Key where keys travel.
   */
  create(body: BatchBody, batch: Batch, index: number, sendKey?: string): Promise<{ id: string }>;
  /**
   * Whether a create's send key reaches a server that honours it (task-create.ts sendKeysTravel:
   * the local server). Absent: never, and a row whose send a reload cut off is not sent again by itself.
   */
  sendKeys?(): boolean;
  /** A task of this row the registry holds that was created at or after `since` (after a reload). */
  findCreated(batch: Batch, index: number, since: number): string | undefined;
  watchTask(id: string, seen: (w: Watched) => void): () => void;
  /** Keeps the batch; resolves once it is written (awaited before each send). */
  save(batch: Batch): Promise<void>;
  /** The shell's "rate limited, retrying in N s"; returns its end. */
  rateLimited?(until: number): () => void;
  describe(error: unknown): string;
  now?(): number;
  /**
   * Takes a batch's run for this tab alone (src/lib/run-lock.ts, Web Locks): `granted` once it is ours,
   * `elsewhere` at once when another tab holds it (then it waits its turn). Returns the release.
   * Absent (tests of one runner): this tab always runs.
   */
  claim?(id: string, on: { granted: () => void; elsewhere: () => void }): () => void;
  /** The batch as kept now, read when the run becomes ours: another tab may have run it meanwhile. */
  load?(id: string): Promise<Batch | undefined>;
  /**
   * Runs `write` holding the batch's run lock if no tab holds it (run-lock.ts runIfFree); false
   * when one does. An edit in a tab that does not run the batch is written onto the kept one so.
   */
  ifFree?(id: string, write: () => Promise<void>): Promise<boolean>;
  /**
   * What the tabs tell one another (batch-edits-channel.ts): an edit made in a tab that does not
   * run the batch, for the tab that does, which writes it and says so; and that a tab wrote the
   * batch, so that the others know their copy is older than the kept one.
   */
  edits?: EditsTransport;
  /** How long an edit told to the running tab waits for its word before it is passed on again. */
  editRetryMs?: number;
  /**
   * Where an edit made in a tab that does not run the batch is kept from the moment it is made
   * until a tab has written it (batch-pending-edits.ts): the tab may close first (decision 660).
   */
  pendingEdits?: PendingEditsStore;
  /**
   * Calls `check` now and then while this tab runs a batch (every 10 s if absent), for it to take up
   * the edits kept for it by a tab that crashed before telling them (decision 660); returns the stop.
   */
  everyKeptCheck?(check: () => Promise<void>): () => void;
  /** Calls `flush` when the tab is going or hidden (pagehide, visibilitychange); returns the unhook. */
  leaving?(flush: () => void): () => void;
}
