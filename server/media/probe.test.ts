import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProbeError, probeMedia } from './probe';

const fixture = (name: string) => path.resolve('e2e/fixtures', name);

describe('probeMedia', () => {
  it('reads duration and streams of a real mp4 and mp3', async () => {
    const video = await probeMedia(fixture('sample.mp4'));
    expect(video.duration).toBeCloseTo(2.0, 1);
    expect(video).toMatchObject({ hasVideo: true, hasAudio: true });
    const audio = await probeMedia(fixture('sample.mp3'));
    expect(audio.duration).toBeCloseTo(2.04, 2);
    expect(audio).toMatchObject({ hasVideo: false, hasAudio: true });
  });

  it('does not count a still image as video', async () => {
    const image = await probeMedia(fixture('sample.png'));
    expect(image.hasVideo).toBe(false);
    expect(image.duration).toBe(0);
  });

  it('rejects unreadable bytes with a ProbeError that names the problem, not the path', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'probe-')), 'fake.mp4');
    fs.writeFileSync(file, 'definitely not media');
    const err = await probeMedia(file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProbeError);
    expect((err as Error).message).toMatch(/^not readable as media \(/);
    expect((err as Error).message).not.toContain(file);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  it('is cancellable', async () => {
    const abort = new AbortController();
    abort.abort();
    await expect(probeMedia(fixture('sample.mp4'), { signal: abort.signal })).rejects.toThrow(/cancelled/);
  });
});
