import type { TrackedStoryboardShot } from '@/api/task-registry';
import type { CreateVideo } from '@contract/video';
import type { Storyboard } from './storyboard';

/** What a watched query shows now: its data, or the error of its last read. */
export interface Watched<T> {
  data?: T;
  error?: unknown;
}

/** What the runner names an image it registers: a predecessor's last frame, or a file chosen instead. */
export type FrameName = { board: string; shot: number } | { file: string };

/** What the runner asks of the outside world; the page gives the real ones, tests give fakes. */
export interface RunnerDeps {
  /** Creates the task and records it in the task registry (so the watcher follows it everywhere). */
  createTask(
    body: CreateVideo,
    meta: { batchId?: string; prompt?: string; storyboard: TrackedStoryboardShot; sendKey?: string },
  ): Promise<{ id: string }>;
  /**
   * Whether a create's send key reaches a server that honours it (task-create.ts sendKeysTravel:
   * the local server). Absent: never, and a send a reload cut off is not sent again by itself.
   */
  sendKeys?(): boolean;
  /**
   * Follows a task through the query cache (its poll policy asks the server, once for every page
   * that shows it); `seen` is called with what the cache holds now and at every change. Returns a stop.
   */
  watchTask(id: string, seen: (w: Watched<unknown>) => void): () => void;
  /** The frame at `at` seconds into the result, or its last frame when `at` is undefined, as a PNG. */
  lastFrame(resultUrl: string, at?: number): Promise<Blob>;
  /** Registers a frame as an image asset for `model` (in the storyboard's own group); returns its ids. */
  registerFrame(
    frame: Blob,
    model: string,
    name: FrameName,
    board: Storyboard,
  ): Promise<{ id: string; groupId?: string }>;
  /**
   * The frame an upload cut off by a reload registered after all: an image of this name in the
   * storyboard's group, created since `since` (Unix seconds); undefined when there is none.
   * Absent: the frame is uploaded again.
   */
  findFrame?(
    name: FrameName,
    board: Storyboard,
    since: number,
  ): Promise<{ id: string; groupId?: string } | undefined>;
  /** Follows a frame asset through the query cache (the asset poll policy), as watchTask does. */
  watchAsset(
    id: string,
    groupId: string | undefined,
    seen: (w: Watched<Record<string, unknown>>) => void,
  ): () => void;
  /**
   * Writes the board where it is kept (IndexedDB) in one transaction with its read: `next` gets
   * the record as kept now (undefined when there is none: deleted) and gives what to keep
   * (undefined: nothing). Resolves to what is kept after. Called after changes, one at a time.
   * `quiet`: the write only joins stopped tasks' takes, which any tab holding the board may do
   * while another runs it (decision 691): it tells the progress strip nothing.
   */
  save(
    id: string,
    next: (kept: Storyboard | undefined) => Storyboard | undefined,
    opts?: { quiet?: boolean },
  ): Promise<Storyboard | undefined>;
  /** Words for a failure the runner reports. */
  describe(error: unknown): string;
  /**
   * Takes a board's run for this tab alone (src/lib/run-lock.ts, Web Locks): `granted` once it is
   * ours, `elsewhere` at once when another tab holds it (then it waits its turn). Returns the
   * release. Absent (tests of one runner): this tab always runs.
   */
  claim?(id: string, on: { granted: () => void; elsewhere: () => void }): () => void;
  /** The board as kept now, read when the run becomes ours: another tab may have run it meanwhile. */
  load?(id: string): Promise<Storyboard | undefined>;
  /**
   * What the tabs tell one another (the `board` messages of the storyboard's one BroadcastChannel,
   * board-store.ts): that one wrote or deleted a board. The others read it again (`load`), so a tab that waits while another runs the board
   * shows its progress and takes as they come, and a board deleted elsewhere is let go at once.
   * Absent: a tab's copy is brought up to date by its own writes.
   */
  news?: BoardNews;
}

/** Tells the other tabs that this one wrote or deleted a board, and hears that they did. */
export interface BoardNews {
  changed(id: string): void;
  /** Returns the stop. */
  listen(hear: (id: string) => void): () => void;
}
