import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { generateObject, generateText, stepCountIs, tool, type LanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useLiveClient } from '../../test/official-clients';

/* The Vercel AI SDK as agent code uses it: a tool round trip over each provider, and generateObject. */

const ctx = useLiveClient((live) => ({
  openai: createOpenAI({ baseURL: `${live.origin}/v1`, apiKey: live.key, fetch: live.fetch }),
  anthropic: createAnthropic({ baseURL: `${live.origin}/v1`, apiKey: live.key, fetch: live.fetch }),
}));

function weatherTool(seen: unknown[]) {
  return tool({
    description: 'Get the current weather for a city',
    inputSchema: z.object({ city: z.string(), unit: z.enum(['celsius', 'fahrenheit']) }),
    execute: ({ city, unit }) => {
      seen.push({ city, unit });
      return Promise.resolve({ city, temperature: unit === 'celsius' ? 21 : 70 });
    },
  });
}

const models: Array<[string, () => LanguageModel]> = [
  ['openai responses', () => ctx.client.openai('service-chat')],
  ['openai chat completions', () => ctx.client.openai.chat('service-chat')],
  ['anthropic messages', () => ctx.client.anthropic('service-messages')],
];

describe('Vercel AI SDK tool round trips', () => {
  it.each(models)('%s: generateText calls the tool, then answers with its result', async (_, model) => {
    const seen: unknown[] = [];
    const result = await generateText({
      model: model(),
      tools: { get_weather: weatherTool(seen) },
      stopWhen: stepCountIs(3),
      prompt: 'What is the weather like? city: Lisbon, unit: celsius',
      maxRetries: 0,
      maxOutputTokens: 4000,
    });
    expect(seen).toEqual([{ city: 'Lisbon', unit: 'celsius' }]);
    expect(result.steps).toHaveLength(2);
    expect(result.steps[0]!.finishReason).toBe('tool-calls');
    expect(result.finishReason).toBe('stop');
    expect(result.text).toContain('`get_weather`');
    expect(result.text).toContain('**temperature**: 21');
  });
});

describe('Vercel AI SDK generateObject', () => {
  const Recipe = z.object({
    name: z.string(),
    servings: z.number().int().min(2),
    steps: z.array(z.object({ text: z.string(), minutes: z.number().positive() })).min(1),
  });

  it.each(models.slice(0, 2))('%s: returns an object valid against the zod schema', async (_, model) => {
    const { object } = await generateObject({
      model: model(),
      schema: Recipe,
      prompt: 'A soup. name: Tomato soup, servings: 4',
      maxRetries: 0,
      maxOutputTokens: 4000,
    });
    expect(Recipe.parse(object)).toEqual(object);
    expect(object).toMatchObject({ name: 'Tomato soup', servings: 4 });
  });
});
