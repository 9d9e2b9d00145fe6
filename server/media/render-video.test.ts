import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolutionDimensions, type VideoResolution } from '../../contract/models';
import { listenOnLoopback } from '../test/listen';
import { RenderInputError } from './render-inputs';
import { renderVideo, VIDEO_FPS, type VideoRenderInput } from './render-video';
import {
  averageColor,
  ffmpeg,
  fixture,
  probeFile,
  processWithArg,
  rmsLevel,
  tempDir,
} from '../test/test-media';

let dir: string;
let redPng: string;
beforeAll(async () => {
  dir = tempDir('render-video-test-');
  redPng = path.join(dir, 'red.png');
  // A solid colour of another shape than the video, so the fill around it is exercised too.
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=0xdc1e1e:s=400x300', '-frames:v', '1', redPng]);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function input(over: Partial<VideoRenderInput>): VideoRenderInput {
  return {
    outPath: path.join(dir, `out-${Math.random().toString(36).slice(2)}.mp4`),
    width: 640,
    height: 360,
    durationSec: 1,
    prompt: 'A lighthouse on a cliff at dusk, waves below',
    audio: false,
    watermark: false,
    references: [],
    ...over,
  };
}

describe('renderVideo', () => {
  const cases: [VideoResolution, string][] = [
    ['480p', '16:9'],
    ['480p', '9:16'],
    ['720p', '1:1'],
    ['720p', '9:16'],
    ['480p', '4:1'],
  ];
  it.each(cases)('renders %s %s as H.264 at exactly that size and duration', async (resolution, ratio) => {
    const { width, height } = resolutionDimensions(resolution, ratio);
    const job = input({ width, height, durationSec: 2, audio: true, watermark: true });
    await renderVideo(job);
    const probe = await probeFile(job.outPath);
    expect(probe.video).toMatchObject({
      codec: 'h264',
      width,
      height,
      pixFmt: 'yuv420p',
      frames: 2 * VIDEO_FPS,
    });
    expect(probe.duration).toBeGreaterThanOrEqual(1.95);
    expect(probe.duration).toBeLessThanOrEqual(2.1);
    expect(probe.audio?.codec).toBe('aac');
  });

  it('renders 1080p 16:9 (1920x1080) with every kind of reference, the moov atom first', async () => {
    const { width, height } = resolutionDimensions('1080p', '16:9');
    const job = input({
      width,
      height,
      durationSec: 1,
      watermark: true,
      references: [
        { alias: 'hero', role: 'reference_image', kind: 'image', source: fixture('sample.png') },
        { alias: 'clip', role: 'reference_video', kind: 'video', source: fixture('sample.mp4') },
        { role: 'reference_audio', kind: 'audio', source: fixture('sample.mp3') },
      ],
    });
    await renderVideo(job);
    const probe = await probeFile(job.outPath);
    expect(probe.video).toMatchObject({ width: 1920, height: 1080, frames: VIDEO_FPS });
    expect(probe.audio).toBeUndefined();
    // faststart: the index comes before the media data, so a browser can play while downloading.
    const head = fs
      .readFileSync(job.outPath)
      .subarray(0, 64 * 1024)
      .toString('latin1');
    expect(head.indexOf('moov')).toBeGreaterThan(-1);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat'));
  });

  it('has an audio track exactly when audio is asked for, and it is not silent', async () => {
    const withAudio = input({ audio: true, durationSec: 2 });
    const without = input({ audio: false, durationSec: 2 });
    await renderVideo(withAudio);
    await renderVideo(without);
    const a = await probeFile(withAudio.outPath);
    expect(a.audio?.duration).toBeGreaterThan(1.9);
    expect(await rmsLevel(withAudio.outPath)).toBeGreaterThan(0.01);
    expect((await probeFile(without.outPath)).audio).toBeUndefined();
  });

  it('opens on the first-frame image', async () => {
    const job = input({
      firstFrame: redPng,
      watermark: true,
      references: [{ alias: 'x', role: 'reference_image', kind: 'image', source: fixture('sample.png') }],
    });
    await renderVideo(job);
    const [r, g, b] = await averageColor(job.outPath, 0);
    expect(r).toBeGreaterThan(190);
    expect(g).toBeLessThan(60);
    expect(b).toBeLessThan(60);
    // Without a first frame the opening is the generated background, not red.
    const plain = input({});
    await renderVideo(plain);
    const [r2, g2] = await averageColor(plain.outPath, 0);
    expect(r2 - g2).toBeLessThan(120);
  });

  it('refuses http(s) sources: ffmpeg reads local files only, the task fetches them (decision 098)', async () => {
    let requests = 0;
    const server = await listenOnLoopback((_req, res) => {
      requests++;
      res.setHeader('content-type', 'image/png');
      fs.createReadStream(redPng).pipe(res);
    });
    const { origin } = server;
    try {
      const job = input({
        firstFrame: `${origin}/red.png`,
        firstFrameShownAs: `${origin}/red.png`,
        references: [
          { alias: 'web', role: 'reference_image', kind: 'image', source: `${origin}/sample.png?sig=abc` },
        ],
      });
      const err = await renderVideo(job).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RenderInputError);
      expect((err as Error).message).toMatch(/local files only/);
      expect((err as Error).message).not.toContain('sig=abc');
      expect(requests).toBe(0);
      expect(fs.existsSync(job.outPath)).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('draws prompts full of drawtext syntax and non-Latin text without failing', async () => {
    const prompt = `Colons: a:b, 'quotes' "double", 100% %{pts} %{eif:1:d} \\ backslash \\n; [brackets], commas\nNew line 日本語 中文 提示 emoji 🎬`;
    const job = input({
      prompt,
      watermark: true,
      references: [
        { alias: "it's:odd,[x]", role: 'reference_image', kind: 'image', source: fixture('sample.png') },
      ],
    });
    await renderVideo(job);
    expect((await probeFile(job.outPath)).video?.frames).toBe(VIDEO_FPS);
  });

  it('names an unreadable reference and leaves no output behind', async () => {
    const broken = path.join(dir, 'broken.png');
    fs.writeFileSync(broken, 'not an image');
    const job = input({
      references: [{ alias: 'bad', role: 'reference_image', kind: 'image', source: broken }],
    });
    const err = await renderVideo(job).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RenderInputError);
    expect((err as Error).message).toMatch(/^The reference image broken\.png could not be read/);
    expect(fs.existsSync(job.outPath)).toBe(false);
  });

  it('reports progress rising to 1', async () => {
    const seen: number[] = [];
    await renderVideo(input({ durationSec: 3, onProgress: (f) => seen.push(f) }));
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.at(-1)).toBe(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]!);
    expect(seen.every((f) => f >= 0 && f <= 1)).toBe(true);
  });

  it('kills ffmpeg and rejects when aborted mid-render', async () => {
    const abort = new AbortController();
    // At the default 640x360 (the size is not the point here), aborted once the main pass is under
    // way: past the 8% the preparing step reports, with most of the 120 s left to kill.
    const job = input({ durationSec: 120, audio: true, signal: abort.signal });
    let started!: () => void;
    const midway = new Promise<void>((resolve) => (started = resolve));
    job.onProgress = (f) => {
      if (f > 0.09) started();
    };
    const rendering = renderVideo(job);
    await midway;
    expect(processWithArg(job.outPath)).toBe(true);
    abort.abort();
    const err = await rendering.catch((e: unknown) => e);
    expect((err as Error).name).toBe('AbortError');
    await expect.poll(() => processWithArg(job.outPath)).toBe(false);
    expect(fs.existsSync(job.outPath)).toBe(false);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const abort = new AbortController();
    abort.abort();
    const job = input({ signal: abort.signal });
    await expect(renderVideo(job)).rejects.toMatchObject({ name: 'AbortError' });
    expect(fs.existsSync(job.outPath)).toBe(false);
  });
});
