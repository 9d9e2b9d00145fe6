import { toFile } from 'openai';
import { describe, expect, it } from 'vitest';
import { openaiClient, openaiRefusal as refusal, useLiveClient } from '../../test/official-clients';

const ctx = useLiveClient(openaiClient);

describe('embeddings through the openai client', () => {
  it('decodes the default base64 encoding into unit vectors of the asked dimensions', async () => {
    const res = await ctx.client.embeddings.create({
      model: 'service-embedding',
      input: [
        'the cat sat on the mat',
        'the cat sat on the mat',
        'a cat sat on a mat',
        'quarterly tax filing deadline',
      ],
      dimensions: 256,
    });
    const [a, same, near, far] = res.data.map((d) => d.embedding);
    expect(a).toHaveLength(256);
    expect(same).toEqual(a);
    const dot = (x: number[], y: number[]) => x.reduce((s, v, i) => s + v * y[i]!, 0);
    expect(dot(a!, a!)).toBeCloseTo(1, 4);
    expect(dot(a!, near!)).toBeGreaterThan(dot(a!, far!) + 0.3);
    expect(res.usage.prompt_tokens).toBeGreaterThan(10);
  });

  it('returns floats when asked, and refuses empty input', async () => {
    const res = await ctx.client.embeddings.create({
      model: 'service-embedding',
      input: 'hello',
      encoding_format: 'float',
    });
    expect(res.data[0]!.embedding).toHaveLength(1536);
    expect(
      (await refusal(ctx.client.embeddings.create({ model: 'service-embedding', input: '' }))).param,
    ).toBe('input');
    expect(
      (await refusal(ctx.client.embeddings.create({ model: 'service-embedding', input: ['ok', ' '] }))).param,
    ).toBe('input[1]');
    expect((await refusal(ctx.client.embeddings.create({ model: 'service-chat', input: 'x' }))).param).toBe(
      'model',
    );
  });
});

describe('audio through the openai client', () => {
  it('speaks text as mp3 and transcribes it in every response format', async () => {
    const speech = await ctx.client.audio.speech.create({
      model: 'tts-1',
      voice: 'nova',
      input: 'The quick brown fox jumps over the lazy dog.',
    });
    expect(speech.headers.get('content-type')).toBe('audio/mpeg');
    const mp3 = Buffer.from(await speech.arrayBuffer());
    expect(mp3.length).toBeGreaterThan(5000);

    const file = () => toFile(mp3, 'fox.mp3');
    const verbose = await ctx.client.audio.transcriptions.create({
      model: 'transcribe-1',
      file: await file(),
      response_format: 'verbose_json',
    });
    expect(verbose.duration).toBeGreaterThan(1.5);
    expect(verbose.duration).toBeLessThan(6);
    expect(verbose.text).toContain('no speech recognition');
    expect(verbose.segments!.at(-1)!.end).toBeCloseTo(verbose.duration, 2);

    const timed = await ctx.client.audio.transcriptions.create({
      model: 'transcribe-1',
      file: await file(),
      response_format: 'verbose_json',
      timestamp_granularities: ['word', 'segment'],
    });
    expect(timed.words!.length).toBeGreaterThan(5);
    expect(timed.words!.at(-1)!.end).toBeCloseTo(timed.duration, 2);

    const json = await ctx.client.audio.transcriptions.create({ model: 'transcribe-1', file: await file() });
    expect(json.text).toContain('fox.mp3');
    const text = await ctx.client.audio.transcriptions.create({
      model: 'transcribe-1',
      file: await file(),
      response_format: 'text',
    });
    expect(String(text)).toContain('placeholder');
    const srt = await ctx.client.audio.translations.create({
      model: 'transcribe-1',
      file: await file(),
      response_format: 'srt',
    });
    expect(String(srt)).toMatch(/^1\n00:00:00,000 --> 00:00:0\d,\d{3}\n/);
    const vtt = await ctx.client.audio.translations.create({
      model: 'transcribe-1',
      file: await file(),
      response_format: 'vtt',
    });
    expect(String(vtt)).toMatch(/^WEBVTT\n\n00:00:00\.000 --> /);
  });

  it('refuses a file that is not audio, a missing file, and bad speech parameters', async () => {
    const notAudio = await refusal(
      ctx.client.audio.transcriptions.create({
        model: 'transcribe-1',
        file: await toFile(Buffer.from('just text'), 'notes.mp3'),
      }),
    );
    expect(notAudio.status).toBe(400);
    expect(notAudio.param).toBe('file');
    const wrongModel = await refusal(
      ctx.client.audio.translations.create({
        model: 'whisper-9',
        file: await toFile(Buffer.from('x'), 'a.wav'),
      }),
    );
    expect(wrongModel.param).toBe('model');
    expect(
      (await refusal(ctx.client.audio.speech.create({ model: 'tts-1', voice: 'nova', input: '' }))).param,
    ).toBe('input');
    expect(
      (await refusal(ctx.client.audio.speech.create({ model: 'tts-1', voice: 'robot', input: 'x' }))).param,
    ).toBe('voice');
    expect(
      (await refusal(ctx.client.audio.speech.create({ model: 'tts-1', voice: 'nova', input: 'x', speed: 9 })))
        .param,
    ).toBe('speed');
    expect(
      (
        await refusal(
          ctx.client.audio.speech.create({
            model: 'tts-1',
            voice: 'nova',
            input: 'x',
            response_format: 'ogg' as never,
          }),
        )
      ).param,
    ).toBe('response_format');
  });
});

describe('models through the openai client', () => {
  it('lists every model of the specification and retrieves one', async () => {
    const ids = [];
    for await (const model of ctx.client.models.list()) ids.push(model.id);
    expect(ids).toEqual(
      expect.arrayContaining(['service-chat', 'service-embedding', 'tts-1', 'transcribe-1', 'video-2.0-cl']),
    );
    expect((await ctx.client.models.retrieve('service-chat')).owned_by).toBe('media-studio');
    expect((await refusal(ctx.client.models.retrieve('gpt-nope'))).status).toBe(404);
  });
});
