import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FFPROBE_PATH } from './probe';
import { detectSpeechLanguage, SPEECH_SAMPLE_RATE, synthesizeSpeech, type SpeechFormat } from './speech';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'speech-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface Probed {
  format: string;
  codec: string;
  sampleRate: number;
  duration: number;
}

function probe(audio: Buffer, name: string, inputArgs: string[] = []): Probed {
  const file = path.join(dir, name);
  fs.writeFileSync(file, audio);
  const out = spawnSync(
    FFPROBE_PATH,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...inputArgs, file],
    { encoding: 'utf8' },
  );
  const json = JSON.parse(out.stdout) as {
    format: { format_name: string; duration: string };
    streams: Array<{ codec_name: string; sample_rate: string; duration?: string }>;
  };
  return {
    format: json.format.format_name,
    codec: json.streams[0]!.codec_name,
    sampleRate: Number(json.streams[0]!.sample_rate),
    duration: Number(json.format.duration),
  };
}

/** Peak amplitude of 16-bit PCM: real speech is loud, silence is near zero. */
function peak(pcm: Buffer): number {
  let max = 0;
  for (let i = 0; i + 1 < pcm.length; i += 2) max = Math.max(max, Math.abs(pcm.readInt16LE(i)));
  return max;
}

const SENTENCE = 'The weather is lovely today, so we will walk to the river.';

describe('synthesizeSpeech', () => {
  it.each<[SpeechFormat, string, string]>([
    ['mp3', 'mp3', 'mp3'],
    ['opus', 'ogg', 'opus'],
    ['aac', 'aac', 'aac'],
    ['flac', 'flac', 'flac'],
    ['wav', 'wav', 'pcm_s16le'],
  ])('encodes %s as %s/%s (24 kHz; Ogg Opus always reports 48 kHz)', async (format, container, codec) => {
    const result = await synthesizeSpeech({ text: SENTENCE, format });
    const p = probe(result.audio, `s.${format}`);
    expect(p.format).toBe(container);
    expect(p.codec).toBe(codec);
    expect(p.sampleRate).toBe(format === 'opus' ? 48_000 : SPEECH_SAMPLE_RATE);
    expect(p.duration).toBeGreaterThan(2);
    expect(p.duration).toBeLessThan(8);
  });

  it('pcm is raw 16-bit mono at 24 kHz that actually has sound in it', async () => {
    const { audio, contentType } = await synthesizeSpeech({ text: SENTENCE, format: 'pcm' });
    expect(contentType).toBe('audio/pcm');
    expect(audio.length % 2).toBe(0);
    const seconds = audio.length / 2 / SPEECH_SAMPLE_RATE;
    expect(seconds).toBeGreaterThan(2);
    expect(peak(audio)).toBeGreaterThan(3000);
  });

  it('takes longer to say a longer text, and less at a higher speed', async () => {
    const short = probe((await synthesizeSpeech({ text: 'Hello.', format: 'wav' })).audio, 'short.wav');
    // One sentence of 12 words is over 4 times as long as "Hello." (3.2 s against 0.7 s).
    const long = probe((await synthesizeSpeech({ text: SENTENCE, format: 'wav' })).audio, 'long.wav');
    const fast = probe(
      (await synthesizeSpeech({ text: SENTENCE, format: 'wav', speed: 2 })).audio,
      'fast.wav',
    );
    const slow = probe(
      (await synthesizeSpeech({ text: 'Hello.', format: 'wav', speed: 0.25 })).audio,
      'slow.wav',
    );
    expect(long.duration).toBeGreaterThan(short.duration * 3);
    expect(fast.duration).toBeLessThan(long.duration * 0.65);
    expect(slow.duration).toBeGreaterThan(short.duration * 2.5);
  });

  it('speaks Chinese text with the Mandarin voice', async () => {
    const result = await synthesizeSpeech({
      text: '今天天气很好，我们去河边散步吧。',
      format: 'wav',
      voice: 'shimmer',
    });
    expect(result.language).toBe('cmn');
    const p = probe(result.audio, 'zh.wav');
    expect(p.duration).toBeGreaterThan(1.5);
    // 44-byte RIFF header, then samples.
    expect(peak(result.audio.subarray(44))).toBeGreaterThan(3000);
  });

  it('chooses the language by script', () => {
    expect(detectSpeechLanguage('hello')).toBe('en-us');
    expect(detectSpeechLanguage('你好')).toBe('cmn');
    expect(detectSpeechLanguage('こんにちは世界')).toBe('ja');
    expect(detectSpeechLanguage('안녕하세요')).toBe('ko');
    expect(detectSpeechLanguage('привет')).toBe('ru');
  });

  it('voices differ from each other', async () => {
    const a = await synthesizeSpeech({ text: 'Hello there.', format: 'wav', voice: 'onyx' });
    const b = await synthesizeSpeech({ text: 'Hello there.', format: 'wav', voice: 'shimmer' });
    expect(a.audio.equals(b.audio)).toBe(false);
  });

  it('serves concurrent requests, each with its own text', async () => {
    const texts = ['One.', 'Two words.', 'Three words here.', 'Four words are here.'];
    const results = await Promise.all(texts.map((text) => synthesizeSpeech({ text, format: 'pcm' })));
    const lengths = results.map((r) => r.audio.length);
    expect([...lengths].sort((a, b) => a - b)).toEqual(lengths);
  });
});
