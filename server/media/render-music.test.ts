import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { FFMPEG_PATH } from './ffmpeg';
import { composeTrack } from './music-synth';
import { planMusic } from './music-style';
import { MUSIC_ARTIST, renderMusic } from './render-music';
import { probeFile, rmsLevel, tempDir } from '../test/test-media';

const dir = tempDir('render-music-test-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const out = (name: string) => path.join(dir, `${name}-${Math.random().toString(36).slice(2)}.mp3`);

/** RMS of the part of the track above 6 kHz: hi-hats and noise, which a calm piano piece lacks. */
async function highBandRms(file: string): Promise<number> {
  const highpassed = `${file}.high.wav`;
  await promisify(execFile)(FFMPEG_PATH, [
    '-v',
    'error',
    '-y',
    '-i',
    file,
    '-af',
    'highpass=f=6000,highpass=f=6000',
    highpassed,
  ]);
  return rmsLevel(highpassed);
}

describe('planMusic', () => {
  it('makes "calm piano" slow, soft and drumless, and "upbeat electronic" fast with a beat', () => {
    const calm = planMusic('calm piano', 'a quiet morning', 1);
    expect(calm).toMatchObject({ lead: 'piano', drums: false });
    expect(calm.bpm).toBeLessThan(80);
    expect(calm.energy).toBeLessThan(0.4);
    const upbeat = planMusic('upbeat electronic', 'night drive', 1);
    expect(upbeat).toMatchObject({ lead: 'synth', drums: true, bass: true });
    expect(upbeat.bpm).toBeGreaterThanOrEqual(118);
  });
  it('honours an explicit tempo, mode and Chinese style words, and is deterministic', () => {
    expect(planMusic('jazz', 'at 140 bpm in a minor key', 5)).toMatchObject({
      bpm: 140,
      minor: true,
      swing: true,
    });
    expect(planMusic('钢琴 舒缓', '', 5)).toMatchObject({ lead: 'piano', drums: false });
    expect(planMusic('pop', 'x', 9)).toEqual(planMusic('pop', 'x', 9));
  });
  it('fills the whole duration with notes, ending on the tonic', () => {
    const plan = planMusic('folk guitar', 'campfire', 3);
    const notes = composeTrack(plan, 40);
    const end = Math.max(...notes.map((n) => n.start + n.length));
    expect(end).toBeCloseTo(40, 0);
    const last = notes.filter((n) => n.voice === plan.lead).at(-1)!;
    expect((((last.midi - plan.tonic) % 12) + 12) % 12).toBe(0);
  });
});

describe('renderMusic', () => {
  it('writes an MP3 of the requested length with the title and artist in its tags', async () => {
    const outPath = out('tagged');
    const seen: number[] = [];
    const title = 'Morning: "Lake" 100% \\ 晨光';
    await renderMusic({
      outPath,
      durationSec: 12,
      prompt: 'a quiet morning by the lake',
      style: 'calm piano',
      title,
      onProgress: (f) => seen.push(f),
    });
    const probe = await probeFile(outPath);
    expect(probe.audio).toMatchObject({ codec: 'mp3', sampleRate: 44100 });
    expect(probe.video).toBeUndefined();
    expect(Math.abs(probe.duration - 12)).toBeLessThan(0.15);
    expect(probe.tags).toMatchObject({ title, artist: MUSIC_ARTIST, genre: 'calm piano' });
    expect(await rmsLevel(outPath)).toBeGreaterThan(0.03);
    expect(seen.at(-1)).toBe(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]!);
  });

  it('sounds like the request: an upbeat electronic track has a beat a calm piano piece has not', async () => {
    const calm = out('calm');
    const upbeat = out('upbeat');
    await renderMusic({
      outPath: calm,
      durationSec: 8,
      prompt: 'soft rain',
      style: 'calm piano',
      title: 'a',
    });
    await renderMusic({
      outPath: upbeat,
      durationSec: 8,
      prompt: 'night drive',
      style: 'upbeat electronic',
      title: 'b',
    });
    expect(await highBandRms(upbeat)).toBeGreaterThan(3 * (await highBandRms(calm)));
  });

  it('is the same track for the same request and seed, and another for another seed', async () => {
    const [a, b, c] = [out('a'), out('b'), out('c')];
    const req = { durationSec: 5, prompt: 'p', style: 'pop', title: 't' };
    await renderMusic({ ...req, outPath: a, seed: 7 });
    await renderMusic({ ...req, outPath: b, seed: 7 });
    await renderMusic({ ...req, outPath: c, seed: 8 });
    expect(fs.readFileSync(a).equals(fs.readFileSync(b))).toBe(true);
    expect(fs.readFileSync(a).equals(fs.readFileSync(c))).toBe(false);
  });

  it('stops during synthesis when aborted, and leaves nothing behind', async () => {
    const outPath = out('aborted-synth');
    const abort = new AbortController();
    const rendering = renderMusic({
      ...{
        outPath,
        durationSec: 300,
        prompt: 'long',
        style: 'orchestral epic',
        title: 'x',
        signal: abort.signal,
      },
      onProgress: (f) => f > 0 && abort.abort(),
    });
    await expect(rendering).rejects.toMatchObject({ name: 'AbortError' });
    expect(fs.existsSync(outPath)).toBe(false);
  });

  it('refuses a duration it cannot make', async () => {
    await expect(
      renderMusic({ outPath: out('bad'), durationSec: 0, prompt: '', style: '', title: '' }),
    ).rejects.toThrow(RangeError);
  });
});
