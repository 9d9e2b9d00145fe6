import type { AppContext } from '../../context';

/** One piece of an SSE body. `token` pieces are paced; the others go out as soon as they are reached. */
export interface Frame {
  data: string;
  token?: boolean;
}

/** A generation in progress, visible to tests and logs so that "disconnect stops it" is checkable. */
export interface LiveGeneration {
  id: string;
  emitted: number;
  total: number;
}

/** Milliseconds per token at EMULATOR_SPEED 1: 40 tokens per second, a typical hosted model's pace. */
export const TOKEN_INTERVAL_MS = 25;
/** Frames written per chunk at most, so that a fast stream still flushes regularly. */
const MAX_FRAMES_PER_CHUNK = 512;

const live = new WeakMap<AppContext, Set<LiveGeneration>>();

export function liveGenerations(ctx: AppContext): ReadonlySet<LiveGeneration> {
  return live.get(ctx) ?? new Set();
}

function register(ctx: AppContext, gen: LiveGeneration): () => void {
  let set = live.get(ctx);
  if (!set) live.set(ctx, (set = new Set()));
  set.add(gen);
  return () => set.delete(gen);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * An SSE body that pulls frames lazily from `frames`, so nothing is generated ahead of what the
 * client reads. Tokens go out at one per TOKEN_INTERVAL_MS / EMULATOR_SPEED (all tokens that are
 * due are batched into one write, so high speeds cost no more syscalls than low ones), or as fast
 * as the socket takes them when `fast` (`/bench`). When the client goes away (the body is cancelled
 * or the request aborted) the generator is abandoned at once and `onEnd(false)` runs.
 */
export function pacedStream(
  ctx: AppContext,
  opts: {
    id: string;
    frames: Iterable<Frame>;
    totalTokens: number;
    fast: boolean;
    signal?: AbortSignal;
    onEnd?: (completed: boolean) => void;
  },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = opts.frames[Symbol.iterator]();
  const interval = ctx.scaled(TOKEN_INTERVAL_MS);
  const stop = new AbortController();
  const gen: LiveGeneration = { id: opts.id, emitted: 0, total: opts.totalTokens };
  const unregister = register(ctx, gen);
  let pending: IteratorResult<Frame> | undefined;
  let firstTokenAt: number | undefined;
  let ended = false;

  const end = (completed: boolean) => {
    if (ended) return;
    ended = true;
    unregister();
    stop.abort();
    opts.signal?.removeEventListener('abort', onAbort);
    iterator.return?.();
    opts.onEnd?.(completed);
  };
  const onAbort = () => end(false);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  if (opts.signal?.aborted) end(false);

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let out = '';
      let frames = 0;
      for (;;) {
        if (ended) {
          // Cancelled by the client: the stream is already closed and takes nothing more.
          try {
            controller.close();
          } catch {
            /* already closed */
          }
          return;
        }
        const next = pending ?? iterator.next();
        pending = undefined;
        if (next.done) {
          if (out) controller.enqueue(encoder.encode(out));
          controller.close();
          end(true);
          return;
        }
        if (frames >= MAX_FRAMES_PER_CHUNK) {
          pending = next;
          break;
        }
        if (next.value.token && !opts.fast) {
          const now = performance.now();
          firstTokenAt ??= now;
          const dueAt = firstTokenAt + gen.emitted * interval;
          if (dueAt > now + 0.5) {
            pending = next;
            if (out) break;
            await sleep(dueAt - now, stop.signal);
            continue;
          }
        }
        out += next.value.data;
        frames++;
        // The first token goes out on its own: time to first token is what a reader feels.
        if (next.value.token && gen.emitted++ === 0) break;
      }
      controller.enqueue(encoder.encode(out));
    },
    cancel() {
      end(false);
    },
  });
}

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  // Proxies such as nginx would otherwise hold the stream back in their buffers.
  'X-Accel-Buffering': 'no',
} as const;

/** `data: <json>` frame (Chat Completions style: no event name). */
export function dataFrame(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

/** `event: <type>` + `data: <json>` frame (Responses and Messages style). */
export function eventFrame(type: string, payload: unknown): string {
  return `event: ${type}\ndata: ${JSON.stringify(payload)}\n\n`;
}

/**
 * A frame serialised once with placeholders, filled per token by string concatenation: a 20,000
 * token stream would otherwise spend most of its time in JSON.stringify of the same object shape.
 * `frame` receives one placeholder per slot and must return the frame text; the returned function
 * takes the slot values (any JSON value) in the same order.
 */
export function jsonTemplate(
  frame: (...slots: string[]) => string,
  count: number,
): (...values: unknown[]) => string {
  const slots = Array.from({ length: count }, (_, i) => JSON.stringify(`\u0000slot${i}\u0000`));
  let rest = frame(...Array.from({ length: count }, (_, i) => `\u0000slot${i}\u0000`));
  const parts: string[] = [];
  const order: number[] = [];
  for (;;) {
    let slot = -1;
    let at = Infinity;
    slots.forEach((s, i) => {
      const p = rest.indexOf(s);
      if (p >= 0 && p < at) [slot, at] = [i, p];
    });
    if (slot < 0) break;
    parts.push(rest.slice(0, at));
    order.push(slot);
    rest = rest.slice(at + slots[slot]!.length);
  }
  parts.push(rest);
  return (...values) => {
    let out = parts[0]!;
    for (let i = 0; i < order.length; i++) out += JSON.stringify(values[order[i]!]) + parts[i + 1]!;
    return out;
  };
}
