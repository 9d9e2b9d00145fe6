import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../create-context';
import { DEFAULT_API_KEY } from '../config';
import { FFMPEG_PATH } from '../media/ffmpeg';
import { FFPROBE_PATH } from '../media/probe';
import { ownerOf } from '../middleware/auth';
import { filesRoot, fileUrl, storedRelPath } from '../services/assets/asset-files';
import { assembliesOf } from '../services/storyboard/assembly';
import { makeTestApp, type TestApp } from '../test/helpers';
import { playlistNaming, rmsLevel } from '../test/test-media';

/*
 * Issue 42 §4: music, narration and captions over an assembled cut, with real ffmpeg. Three blue
 * 2 s shots with a 440 Hz tone (H.264 + AAC, so a plain join is a stream copy), a 1000 Hz music
 * loop of 1.5 s, and 0.8 s "narration" tones.
 */

let t: TestApp;
const owner = ownerOf(DEFAULT_API_KEY);

function stored(name: string, file: string, args: string[]): string {
  const rel = storedRelPath(owner, `task_${name}`, file);
  const abs = path.join(filesRoot(t.ctx), ...rel.split('/'));
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  execFileSync(FFMPEG_PATH, ['-y', '-loglevel', 'error', ...args, abs]);
  return fileUrl('http://localhost', rel);
}

const shot = (n: number) =>
  stored(`shot${n}`, 'result.mp4', [
    ...['-f', 'lavfi', '-i', 'color=c=blue:s=320x240:r=24:d=2', '-f', 'lavfi', '-i', 'sine=f=440:d=2'],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-ac', '2', '-shortest'],
  ]);

let shots: string[];
let music: string;
let voice: string;

beforeAll(() => {
  t = makeTestApp();
  startWorkers(t.ctx);
  shots = [1, 2, 3].map(shot);
  music = stored('music', 'music.wav', ['-f', 'lavfi', '-i', 'sine=f=1000:d=1.5']);
  voice = stored('voice', 'speech.m4a', ['-f', 'lavfi', '-i', 'sine=f=2000:d=0.8', '-c:a', 'aac']);
});
afterAll(() => t.close());

async function assemble(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await t.req('/local/storyboard/assemblies', {
    json: { shots: shots.map((url) => ({ url })), ...body },
  });
  expect(res.status, await res.clone().text()).toBe(202);
  const { id } = (await res.json()) as { id: string };
  await assembliesOf(t.ctx).settled(id);
  return (await (await t.req(`/local/storyboard/assemblies/${id}`)).json()) as Record<string, unknown>;
}

/** The served file at `url`, saved under the test's DATA_DIR. */
async function saved(url: string, name: string): Promise<string> {
  const res = await t.req(new URL(url).pathname);
  expect(res.status).toBe(200);
  const file = path.join(t.dataDir, name);
  fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
  return file;
}

function streams(file: string): Array<{ codec_type: string; duration: string }> {
  const out = execFileSync(FFPROBE_PATH, ['-v', 'error', '-print_format', 'json', '-show_streams', file]);
  return (JSON.parse(out.toString()) as { streams: Array<{ codec_type: string; duration: string }> }).streams;
}

/** The bottom fifth of the frame at `atSec`, as raw RGB. */
function captionArea(file: string, atSec: number): Buffer {
  return execFileSync(FFMPEG_PATH, [
    ...['-v', 'error', '-ss', String(atSec), '-i', file, '-frames:v', '1'],
    ...['-vf', 'crop=iw:ih/5:0:ih*4/5', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
  ]);
}

describe('music, narration and captions over the cut', () => {
  it('gives one video and one audio stream of the cut’s length and a WebVTT cue per line at its shot’s start', async () => {
    const done = await assemble({
      audio: { url: music, volume: 0.5, fade_out_s: 1, shot_audio: 'duck' },
      narration: [
        { shot: 0, url: voice },
        { shot: 2, url: voice },
      ],
      captions: [
        { shot: 0, text: 'The pier at dawn' },
        { shot: 1, text: '码头上的追逐' },
        { shot: 2, text: 'Gone <again> & again' },
      ],
      burn_captions: true,
    });
    expect(done, String(done.error)).toMatchObject({ status: 'succeeded' });
    expect(done.duration).toBeCloseTo(6, 1);
    const file = await saved(done.url as string, 'sound.mp4');
    const all = streams(file);
    expect(all.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    for (const s of all) expect(Number(s.duration)).toBeCloseTo(6, 0);

    const vtt = await t.req(new URL(done.captions_url as string).pathname);
    expect(vtt.status).toBe(200);
    expect(vtt.headers.get('content-type')).toMatch(/^text\/vtt/);
    const text = await vtt.text();
    expect(text.startsWith('WEBVTT\n')).toBe(true);
    const cues = [...text.matchAll(/^([\d:.]+) --> ([\d:.]+)\n(.+)$/gm)].map((m) => m.slice(1));
    // Shot starts 0, 2, 4; a narrated shot's caption ends with its 0.8 s line, the other with its shot.
    expect(cues).toEqual([
      ['00:00:00.000', '00:00:00.800', 'The pier at dawn'],
      ['00:00:02.000', '00:00:04.000', '码头上的追逐'],
      ['00:00:04.000', '00:00:04.800', 'Gone &lt;again&gt; &amp; again'],
    ]);
  });

  it('keeps, ducks or mutes the shots’ own audio under the music', async () => {
    // The music at volume 0: what is heard is the shots' own tone at the gain shot_audio gives it.
    const level = async (shot_audio: string) => {
      const done = await assemble({ audio: { url: music, volume: 0, shot_audio } });
      expect(done, String(done.error)).toMatchObject({ status: 'succeeded' });
      const file = await saved(done.url as string, `level-${shot_audio}.mp4`);
      expect(streams(file).filter((s) => s.codec_type === 'audio')).toHaveLength(1);
      return rmsLevel(file);
    };
    const keep = await level('keep');
    const duck = await level('duck');
    const mute = await level('mute');
    // Kept: the level of the shots as they are.
    const original = await rmsLevel(
      path.join(filesRoot(t.ctx), ...new URL(shots[0]!).pathname.slice(7).split('/')),
    );
    expect(original).toBeGreaterThan(0.03);
    expect(keep / original).toBeGreaterThan(0.8);
    expect(keep / original).toBeLessThan(1.25);
    expect(duck / keep).toBeGreaterThan(0.2);
    expect(duck / keep).toBeLessThan(0.3);
    expect(mute).toBeLessThan(0.001);
  });

  it('burns the captions into the picture only when asked, in the caption area', async () => {
    const captions = [{ shot: 0, text: '码头 PIER' }];
    const plain = await assemble({ captions });
    const burned = await assemble({ captions, burn_captions: true });
    expect(plain.captions_url).toBeTruthy();
    const a = captionArea(await saved(plain.url as string, 'plain.mp4'), 0.5);
    const b = captionArea(await saved(burned.url as string, 'burned.mp4'), 0.5);
    expect(a.length).toBe(b.length);
    let changed = 0;
    for (let i = 0; i < a.length; i += 3)
      if (Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!) > 90)
        changed++;
    expect(changed / (a.length / 3)).toBeGreaterThan(0.02);
    // Past the cue (the caption ends with shot 0 at 2 s) the picture is the shot again.
    const later = captionArea(await saved(burned.url as string, 'burned2.mp4'), 3);
    expect(Math.max(...later.filter((_, i) => i % 3 === 0))).toBeLessThan(60);
  });

  it('refuses a playlist given as the music, naming the field and nothing of this machine', async () => {
    const rel = storedRelPath(owner, 'task_pl', 'music.mp3');
    const abs = path.join(filesRoot(t.ctx), ...rel.split('/'));
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, playlistNaming(path.join(t.dataDir, 'secret.ts')));
    const done = await assemble({ audio: { url: fileUrl('http://localhost', rel) } });
    expect(done.status).toBe('failed');
    const error = String(done.error);
    expect(error).toMatch(/^audio\.url is refused: .*playlist/);
    expect(error).not.toContain(t.dataDir);
  });
});

describe('the request is judged at creation', () => {
  it('names the field of a refused value', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const res = await t.req('/local/storyboard/assemblies', {
        json: { shots: shots.map((url) => ({ url })), ...body },
      });
      expect(res.status).toBe(400);
      return ((await res.json()) as { error: { param: string; message: string } }).error;
    };
    expect((await refused({ narration: [{ shot: 3, url: voice }] })).param).toBe('narration[0].shot');
    expect((await refused({ audio: { url: music, volume: 9 } })).param).toBe('audio.volume');
    expect((await refused({ audio: { url: music, shot_audio: 'loud' } })).param).toBe('audio.shot_audio');
    expect((await refused({ captions: [{ shot: 0, text: '' }] })).param).toBe('captions[0].text');
    const twice = await refused({
      captions: [
        { shot: 1, text: 'a' },
        { shot: 1, text: 'b' },
      ],
    });
    expect(twice).toMatchObject({ param: 'captions[1].shot' });
    expect(twice.message).toMatch(/twice/);
  });

  it('refuses a private or loopback audio or narration URL with 400 naming the field, storing nothing', async () => {
    const guarded = makeTestApp({ env: { HOST: '0.0.0.0' } });
    try {
      const shotsBody = { shots: [{ url: 'https://cdn.example.com/a.mp4' }] };
      for (const [body, param] of [
        [{ audio: { url: 'http://169.254.169.254/latest/music.mp3' } }, 'audio.url'],
        [{ narration: [{ shot: 0, url: 'http://127.0.0.1:9/voice.wav' }] }, 'narration[0].url'],
      ] as const) {
        const res = await guarded.req('/local/storyboard/assemblies', { json: { ...shotsBody, ...body } });
        expect(res.status).toBe(400);
        expect(((await res.json()) as { error: { code: string; param: string } }).error).toMatchObject({
          code: 'url_not_allowed',
          param,
        });
      }
      const n = guarded.ctx.db.prepare('SELECT COUNT(*) AS n FROM storyboard_assemblies').get() as {
        n: number;
      };
      expect(n.n).toBe(0);
    } finally {
      await guarded.close();
    }
  });
});
