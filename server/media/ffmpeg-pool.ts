import { AsyncLocalStorage } from 'node:async_hooks';
import os from 'node:os';
import { ApiError } from '../errors';

/** The owner of work no API key asked for (start-up checks, tools run by hand). */
export const SYSTEM_OWNER = 'system';

/**
 * Who the ffmpeg and ffprobe processes started in this async context work for. Set once where
 * work enters the server: the request middleware (a request-bound call, with `waitMs`), the task
 * runner and the asset worker (background jobs, which wait as long as it takes). A render deep in
 * media/ never needs its caller's key threaded through every signature.
 */
export interface MediaWork {
  owner: string;
  /** Request-bound: give up after waiting this long for a slot (503), and count toward the per-key queue bound. */
  waitMs?: number;
  /** Set while this context holds a slot: a second one at the same time is a bug, not a wait. */
  holding?: boolean;
}

const current = new AsyncLocalStorage<MediaWork>();

/** Runs `fn` with its ffmpeg work counted for `work.owner` (a fresh record: nothing is shared with the caller's). */
export function runAsMediaWork<T>(work: Omit<MediaWork, 'holding'>, fn: () => T): T {
  return current.run(
    { owner: work.owner, ...(work.waitMs !== undefined ? { waitMs: work.waitMs } : {}) },
    fn,
  );
}

export interface FfmpegPoolLimits {
  /** Processes at once, across every key. */
  slots: number;
  /** Request-bound callers one key may have waiting; past it a call is refused at once (429). */
  queuePerKey: number;
}

/** Default slots: one per core, at least 2 (a probe beside a render), at most 8 (x264 per core). */
export function defaultFfmpegSlots(): number {
  return Math.max(2, Math.min(8, os.availableParallelism()));
}

/** How long a refused caller is told to wait: about one short render. */
const RETRY_AFTER_S = 5;

interface Waiter {
  owner: string;
  requestBound: boolean;
  grant(): void;
}

/**
 * A counting semaphore over ffmpeg/ffprobe processes with round-robin fairness between keys
 * (decision 356): a freed slot goes to the waiting key holding the fewest slots, ties to the key
 * served longest ago; within a key, first come first served. So one key's twelve queued renders
 * delay another key's single probe by at most one process, never by all twelve.
 *
 * Deadlock-free by construction: a slot is held only while one process runs, and a process never
 * waits for anything in the pool. A context that already holds a slot and asks for a second at
 * the same time is refused with an error (it could wait for itself).
 */
export class FfmpegPool {
  private active = 0;
  private readonly holding = new Map<string, number>();
  private readonly waiting: Waiter[] = [];
  private readonly served = new Map<string, number>();
  private turn = 0;
  /** Most processes seen at once since the last reset (tests, the bench). */
  peak = 0;

  constructor(private limits: FfmpegPoolLimits) {}

  configure(limits: FfmpegPoolLimits): void {
    this.limits = limits;
    this.pump();
  }

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Waits for a slot for `owner`, runs `work`, and frees the slot when it settles. With `waitMs`
   * (a request-bound caller) the wait is bounded and so is the number of such waiters per key:
   * the caller gets an ApiError with Retry-After instead of a hang.
   */
  async run<T>(
    owner: string,
    work: () => Promise<T>,
    opts: { waitMs?: number; signal?: AbortSignal } = {},
  ): Promise<T> {
    await this.acquire(owner, opts);
    try {
      return await work();
    } finally {
      this.release(owner);
    }
  }

  private acquire(owner: string, opts: { waitMs?: number; signal?: AbortSignal }): Promise<void> {
    const requestBound = opts.waitMs !== undefined;
    if (this.active < this.limits.slots && this.waiting.length === 0) {
      this.take(owner);
      return Promise.resolve();
    }
    if (requestBound) {
      const mine = this.waiting.filter((w) => w.owner === owner && w.requestBound).length;
      if (mine >= this.limits.queuePerKey) return Promise.reject(busy(429, mine));
    }
    return new Promise<void>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const leave = () => {
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        if (timer) clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
      };
      const onAbort = () => {
        leave();
        reject(abortError(opts.signal!));
      };
      const waiter: Waiter = {
        owner,
        requestBound,
        grant: () => {
          leave();
          resolve();
        },
      };
      if (opts.signal?.aborted) return reject(abortError(opts.signal));
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      if (requestBound) {
        timer = setTimeout(() => {
          leave();
          reject(busy(503));
        }, opts.waitMs);
      }
      this.waiting.push(waiter);
      this.pump();
    });
  }

  private take(owner: string): void {
    this.active++;
    this.peak = Math.max(this.peak, this.active);
    this.holding.set(owner, (this.holding.get(owner) ?? 0) + 1);
    this.served.set(owner, ++this.turn);
  }

  private release(owner: string): void {
    this.active--;
    const n = (this.holding.get(owner) ?? 1) - 1;
    if (n > 0) this.holding.set(owner, n);
    else this.holding.delete(owner);
    this.pump();
  }

  /** Grants free slots, each to the waiting key holding fewest, then served longest ago. */
  private pump(): void {
    while (this.active < this.limits.slots && this.waiting.length > 0) {
      let best: Waiter | undefined;
      for (const w of this.waiting) {
        if (!best) best = w;
        else if (w.owner !== best.owner) {
          const [hw, hb] = [this.holding.get(w.owner) ?? 0, this.holding.get(best.owner) ?? 0];
          const [sw, sb] = [this.served.get(w.owner) ?? 0, this.served.get(best.owner) ?? 0];
          if (hw < hb || (hw === hb && sw < sb)) best = w;
        }
      }
      this.take(best!.owner);
      best!.grant();
    }
  }
}

function busy(status: 429 | 503, queued = 0): ApiError {
  const message =
    status === 429
      ? `This key already has ${queued} media operations waiting for the server's ffmpeg slots. Wait for them to finish, then retry after ${RETRY_AFTER_S} s.`
      : `The server's ffmpeg slots stayed busy with other work. Retry after ${RETRY_AFTER_S} s.`;
  return new ApiError(status, message, {
    code: 'media_busy',
    headers: { 'Retry-After': String(RETRY_AFTER_S) },
  });
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('The media work was aborted', 'AbortError');
}

/** The one pool of this process: every ffmpeg and ffprobe the server starts goes through it. */
export const ffmpegPool = new FfmpegPool({ slots: defaultFfmpegSlots(), queuePerKey: 4 });

/**
 * Runs one ffmpeg or ffprobe process (`spawn`: starts it and settles when it ends) in a slot of
 * the pool, for the owner of the current context (SYSTEM_OWNER outside any).
 */
export function withFfmpegSlot<T>(spawn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  const work = current.getStore();
  if (work?.holding)
    return Promise.reject(
      new Error('this context already holds an ffmpeg slot; run its ffmpeg processes one after another'),
    );
  const owner = work?.owner ?? SYSTEM_OWNER;
  return ffmpegPool.run(
    owner,
    async () => {
      if (work) work.holding = true;
      try {
        return await spawn();
      } finally {
        if (work) work.holding = false;
      }
    },
    { ...(work?.waitMs !== undefined ? { waitMs: work.waitMs } : {}), ...(signal ? { signal } : {}) },
  );
}
