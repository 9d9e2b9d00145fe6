import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { FfmpegPool, ffmpegPool, runAsMediaWork, withFfmpegSlot } from './ffmpeg-pool';

/** A job that runs until `finish()` is called, recording when it started. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));
  return {
    finish,
    run: async () => {
      log.push(name);
      await done;
    },
  };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('the ffmpeg pool', () => {
  it('gives a freed slot to the key that waited, not to the next of a key with many queued', async () => {
    const pool = new FfmpegPool({ slots: 1, queuePerKey: 4 });
    const started: string[] = [];
    const a = Array.from({ length: 6 }, (_, i) => gate(started, `a${i}`));
    const b = gate(started, 'b0');
    const runs = a.map((job) => pool.run('key-a', job.run));
    await tick();
    runs.push(pool.run('key-b', b.run));
    await tick();
    expect(started).toEqual(['a0']);
    a[0]!.finish();
    await tick();
    // Key B's one job is next, before A's five other queued ones.
    expect(started).toEqual(['a0', 'b0']);
    b.finish();
    for (const job of a) job.finish();
    await Promise.all(runs);
    expect(started).toEqual(['a0', 'b0', 'a1', 'a2', 'a3', 'a4', 'a5']);
  });

  it('never runs more than its slots at once', async () => {
    const pool = new FfmpegPool({ slots: 2, queuePerKey: 4 });
    let live = 0;
    let most = 0;
    const job = async () => {
      most = Math.max(most, ++live);
      await new Promise((r) => setTimeout(r, 5));
      live--;
    };
    await Promise.all(Array.from({ length: 12 }, (_, i) => pool.run(`key-${i % 3}`, job)));
    expect(most).toBe(2);
    expect(pool.running).toBe(0);
  });

  it('refuses a request-bound caller past its key’s queue bound (429) or its wait (503), with Retry-After', async () => {
    const pool = new FfmpegPool({ slots: 1, queuePerKey: 1 });
    const held = gate([], 'held');
    const holding = pool.run('other', held.run);
    await tick();
    const waiting = pool.run('key', async () => 'ran', { waitMs: 60_000 });
    const refused = await pool.run('key', async () => 'ran', { waitMs: 60_000 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    expect((refused as ApiError).options.headers?.['Retry-After']).toMatch(/^\d+$/);
    // Background work of the same key is not refused: its worker bounds it.
    const background = pool.run('key', async () => 'ran');
    const late = await pool.run('third', async () => 'ran', { waitMs: 20 }).catch((e: unknown) => e);
    expect((late as ApiError).status).toBe(503);
    expect((late as ApiError).options.headers?.['Retry-After']).toMatch(/^\d+$/);
    held.finish();
    await holding;
    expect(await waiting).toBe('ran');
    expect(await background).toBe('ran');
    expect(pool.queued).toBe(0);
  });

  it('lets an aborted waiter go without taking a slot', async () => {
    const pool = new FfmpegPool({ slots: 1, queuePerKey: 4 });
    const held = gate([], 'held');
    const holding = pool.run('a', held.run);
    await tick();
    const abort = new AbortController();
    const waiter = pool.run('b', async () => 'ran', { signal: abort.signal }).catch((e: unknown) => e);
    abort.abort();
    expect(await waiter).toBeInstanceOf(Error);
    expect(pool.queued).toBe(0);
    held.finish();
    await holding;
    expect(pool.running).toBe(0);
  });

  it('refuses a second slot to a context that holds one (it could wait for itself)', async () => {
    await runAsMediaWork({ owner: 'k' }, async () => {
      const nested = withFfmpegSlot(async () => withFfmpegSlot(async () => 'inner'));
      await expect(nested).rejects.toThrow(/already holds an ffmpeg slot/);
    });
    expect(ffmpegPool.running).toBe(0);
  });
});
