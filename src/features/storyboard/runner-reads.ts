import { assetPhase } from '@contract/asset';
import { isTerminalStatus, normalizeTaskStatus, resolveResultUrl, taskFailure } from '@contract/task';
import type { Watched } from './runner-deps';

/**
 * What the runner reads from the query cache, as pure decisions (the runner acts on them), and
 * the one way it waits on a watched query.
 */

/** Errors no later read can mend: the key is refused, or the task or asset is gone. */
export function fatalReason(error: unknown): string | undefined {
  const status =
    typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'notFound';
  return undefined;
}

export type TaskRead =
  | { kind: 'succeeded'; resultUrl: string | undefined }
  | { kind: 'failed'; error: string }
  | { kind: 'active'; progress: number | undefined };

/** A shot's task as the cache shows it; undefined while nothing was read yet. */
export function readTask({ data, error }: Watched<unknown>): TaskRead | undefined {
  const fatal = error === undefined ? undefined : fatalReason(error);
  if (fatal) return { kind: 'failed', error: fatal === 'notFound' ? 'taskNotFound' : fatal };
  if (data === undefined) return undefined;
  const record = (data ?? {}) as Record<string, unknown>;
  const status = normalizeTaskStatus(record.status);
  if (status === 'succeeded') return { kind: 'succeeded', resultUrl: resolveResultUrl(data) };
  if (isTerminalStatus(status)) {
    const f = taskFailure(data);
    return { kind: 'failed', error: f.message ?? f.failReason ?? f.code ?? status };
  }
  // The task object's progress is a percentage; a shot's is a fraction.
  return {
    kind: 'active',
    progress: typeof record.progress === 'number' ? record.progress / 100 : undefined,
  };
}

export type FrameAssetRead = { ready: true } | { error: string; refused?: boolean };

/** A frame asset as the cache shows it: ready, failed (refused by the server, or gone), or undefined while it prepares. */
export function readFrameAsset({
  data,
  error,
}: Watched<Record<string, unknown>>): FrameAssetRead | undefined {
  const fatal = error === undefined ? undefined : fatalReason(error);
  if (fatal) return { error: fatal === 'notFound' ? 'frameNotFound' : fatal };
  if (!data) return undefined;
  const phase = assetPhase(data);
  if (phase === 'ready') return { ready: true };
  if (phase === 'failed' || phase === 'disabled') {
    const reason = typeof data.sync_error === 'string' && data.sync_error ? data.sync_error : phase;
    return { error: reason, refused: true };
  }
  return undefined;
}

/**
 * Waits on a watched query until `decide` gives an answer; undefined when ended from outside (the
 * board was stopped: `ends` holds this wait's end meanwhile). The query's own poll policy decides
 * when the server is asked; this only reads what the cache holds.
 */
export function waitOn<T, R>(
  ends: Set<() => void>,
  watch: (seen: (w: Watched<T>) => void) => () => void,
  decide: (w: Watched<T>) => R | undefined,
): Promise<R | undefined> {
  return new Promise((resolve) => {
    let done = false;
    // Filled once watch() returns: a first answer may settle the wait before it does.
    const watching: { stop?: () => void } = {};
    const finish = (result: R | undefined) => {
      if (done) return;
      done = true;
      ends.delete(end);
      watching.stop?.();
      resolve(result);
    };
    const end = () => finish(undefined);
    ends.add(end);
    watching.stop = watch((w) => {
      if (done) return;
      const result = decide(w);
      if (result !== undefined) finish(result);
    });
    if (done) watching.stop();
  });
}

/**
 * Per board, the ends of what it waits on (watched tasks and assets): `end` ends them all (the
 * board was stopped or deleted), and each wait resolves undefined.
 */
export class BoardWaits {
  private readonly ends = new Map<string, Set<() => void>>();

  /** Waits on a watched query of the board's (waitOn); undefined when the board's waits were ended. */
  until<T, R>(
    id: string,
    watch: (seen: (w: Watched<T>) => void) => () => void,
    decide: (w: Watched<T>) => R | undefined,
  ): Promise<R | undefined> {
    let ends = this.ends.get(id);
    if (!ends) this.ends.set(id, (ends = new Set()));
    return waitOn(ends, watch, decide);
  }

  end(id: string): void {
    for (const end of this.ends.get(id) ?? []) end();
    this.ends.delete(id);
  }
}
