import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/helpers';

let t: TestApp;
let wav: Buffer;

beforeAll(async () => {
  t = makeTestApp();
  const res = await t.req('/v1/audio/speech', {
    method: 'POST',
    json: {
      model: 'tts-1',
      voice: 'alloy',
      input: 'One two three four five six seven eight nine ten.',
      response_format: 'wav',
    },
  });
  wav = Buffer.from(await res.arrayBuffer());
});
afterAll(() => t.close());

/** Seconds of a 16-bit mono WAV from its header, to compare with what the server reports. */
function wavSeconds(buf: Buffer): number {
  const rate = buf.readUInt32LE(24);
  const dataAt = buf.indexOf('data');
  return buf.readUInt32LE(dataAt + 4) / 2 / rate;
}

function form(fields: Record<string, string>, file?: { data: Buffer; name: string }): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  if (file) fd.append('file', new Blob([new Uint8Array(file.data)]), file.name);
  return fd;
}

const post = (path: string, body: FormData) => t.req(path, { method: 'POST', body });

describe('POST /v1/audio/speech', () => {
  it('answers each format with its content type', async () => {
    const types: Record<string, string> = {
      mp3: 'audio/mpeg',
      opus: 'audio/ogg; codecs=opus',
      aac: 'audio/aac',
      flac: 'audio/flac',
      pcm: 'audio/pcm',
    };
    for (const [format, type] of Object.entries(types)) {
      const res = await t.req('/v1/audio/speech', {
        method: 'POST',
        json: { model: 'tts-1', voice: 'echo', input: 'Hi.', response_format: format },
      });
      expect(res.status, format).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(Number(res.headers.get('content-length'))).toBe((await res.arrayBuffer()).byteLength);
    }
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
  });

  it('tts-1-hd encodes at a higher bit rate than tts-1', async () => {
    const size = async (model: string) =>
      (
        await (
          await t.req('/v1/audio/speech', {
            method: 'POST',
            json: { model, voice: 'fable', input: 'A longer sentence to encode.' },
          })
        ).arrayBuffer()
      ).byteLength;
    expect(await size('tts-1-hd')).toBeGreaterThan((await size('tts-1')) * 1.5);
  });

  it('names the field of each refusal', async () => {
    const cases: Array<[object, string]> = [
      [{ voice: 'alloy', input: 'x' }, 'model'],
      [{ model: 'tts-9', voice: 'alloy', input: 'x' }, 'model'],
      [{ model: 'tts-1', input: 'x' }, 'voice'],
      [{ model: 'tts-1', voice: 'alloy' }, 'input'],
      [{ model: 'tts-1', voice: 'alloy', input: 'x'.repeat(4097) }, 'input'],
      [{ model: 'tts-1', voice: 'alloy', input: 'x', speed: 0.1 }, 'speed'],
    ];
    for (const [json, param] of cases) {
      const res = await t.req('/v1/audio/speech', { method: 'POST', json });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { param: string } }).error.param).toBe(param);
    }
  });
});

describe('POST /v1/audio/transcriptions and /translations', () => {
  it('verbose_json reports the real duration with segments covering it', async () => {
    const res = await post(
      '/v1/audio/transcriptions',
      form(
        { model: 'transcribe-1', response_format: 'verbose_json', language: 'en' },
        { data: wav, name: 'count.wav' },
      ),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      task: string;
      language: string;
      duration: number;
      text: string;
      segments: Array<{ start: number; end: number }>;
    };
    expect(body.task).toBe('transcribe');
    expect(body.language).toBe('en');
    expect(body.duration).toBeCloseTo(wavSeconds(wav), 1);
    expect(body.text).toMatch(/placeholder/);
    expect(body.segments[0]!.start).toBe(0);
    expect(body.segments.at(-1)!.end).toBeCloseTo(body.duration, 2);
  });

  it('text, srt and vtt come as text with their content types', async () => {
    const text = await post(
      '/v1/audio/translations',
      form({ model: 'transcribe-1', response_format: 'text' }, { data: wav, name: 'a.wav' }),
    );
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await text.text()).toMatch(/translation into English/);
    const srt = await post(
      '/v1/audio/transcriptions',
      form({ model: 'transcribe-1', response_format: 'srt' }, { data: wav, name: 'a.wav' }),
    );
    expect(srt.headers.get('content-type')).toMatch(/^application\/x-subrip/);
    expect(await srt.text()).toMatch(/^1\n00:00:00,000 --> 00:00:\d\d,\d{3}\n\S/);
    const vtt = await post(
      '/v1/audio/transcriptions',
      form({ model: 'transcribe-1', response_format: 'vtt' }, { data: wav, name: 'a.wav' }),
    );
    expect(vtt.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect(await vtt.text()).toMatch(/^WEBVTT\n\n00:00:00\.000 --> /);
  });

  it('refuses what it cannot use, naming the field', async () => {
    const cases: Array<[FormData, number, string | undefined]> = [
      [
        form({ model: 'transcribe-1' }, { data: Buffer.from('plain text, not sound'), name: 'fake.wav' }),
        400,
        'file',
      ],
      [form({ model: 'transcribe-1' }), 400, 'file'],
      [form({}, { data: wav, name: 'a.wav' }), 400, 'model'],
      [
        form({ model: 'transcribe-1', response_format: 'xml' }, { data: wav, name: 'a.wav' }),
        400,
        'response_format',
      ],
    ];
    for (const [body, status, param] of cases) {
      const res = await post('/v1/audio/transcriptions', body);
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: { param?: string } }).error.param).toBe(param);
    }
    const json = await t.req('/v1/audio/transcriptions', { method: 'POST', json: { model: 'transcribe-1' } });
    expect(json.status).toBe(415);
  });

  it('reads a blank field as not given, as a browser form sends it', async () => {
    const res = await post(
      '/v1/audio/transcriptions',
      form({ model: 'transcribe-1', language: '', response_format: '' }, { data: wav, name: 'a.wav' }),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ text: expect.stringMatching(/placeholder/) });
  });

  it('judges timestamp_granularities[] at the edge: word timings, or a 400 naming the field', async () => {
    const granular = (values: string[]) => {
      const body = form(
        { model: 'transcribe-1', response_format: 'verbose_json' },
        { data: wav, name: 'a.wav' },
      );
      for (const value of values) body.append('timestamp_granularities[]', value);
      return post('/v1/audio/transcriptions', body);
    };
    const words = await granular(['segment', 'word']);
    expect(words.status).toBe(200);
    expect(((await words.json()) as { words?: unknown[] }).words?.length).toBeGreaterThan(0);
    const refused = await granular(['word', 'letters']);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: {
        type: 'invalid_request_error',
        param: 'timestamp_granularities[1]',
        message: expect.stringContaining('"word", "segment" or both'),
      },
    });
  });

  it('answers 413 past the upload limit, naming the file field', async () => {
    const small = makeTestApp({ env: { MAX_UPLOAD_BYTES: '2000' } });
    try {
      const res = await small.req('/v1/audio/transcriptions', {
        method: 'POST',
        body: form({ model: 'transcribe-1' }, { data: wav, name: 'big.wav' }),
      });
      expect(res.status).toBe(413);
      expect(((await res.json()) as { error: { param: string } }).error.param).toBe('file');
    } finally {
      await small.close();
    }
  });
});
