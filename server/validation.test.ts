import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { z as mini } from 'zod/mini';
import { ECHO_MAX } from '@contract/quoted';
import { apiErrorFromZod } from './validation';

function refusal(schema: z.core.$ZodType, input: unknown) {
  const result = z.core.safeParse(schema, input);
  if (result.success) throw new Error('the input was accepted');
  return apiErrorFromZod(result.error);
}

describe('apiErrorFromZod', () => {
  // A record's keys are the caller's: the field path of a bad value is then theirs too.
  const hugeKey = `k${'x'.repeat(1024 * 1024)}`;

  it('names a field whose key is 1 MB by its first characters only, in the message and in param', () => {
    for (const schema of [
      z.object({ labels: z.record(z.string(), z.string()) }),
      mini.object({ labels: mini.record(mini.string(), mini.string()) }),
    ]) {
      const error = refusal(schema, { labels: { [hugeKey]: 1 } });
      expect(error.status).toBe(400);
      expect(error.message.length).toBeLessThan(ECHO_MAX + 100);
      expect(error.message).toMatch(/^labels\.kxxx+…: Invalid input/);
      expect(error.options.param).toBe(`labels.${hugeKey.slice(0, ECHO_MAX)}…`);
    }
  });

  it('keeps a long path of the schema’s own names whole', () => {
    let schema: z.ZodType = z.string();
    let input: unknown = 1;
    for (let i = 0; i < 12; i++) {
      schema = z.object({ section_name: schema });
      input = { section_name: input };
    }
    const error = refusal(schema, input);
    expect(error.options.param).toBe(Array(12).fill('section_name').join('.'));
  });

  it('leaves a path of ordinary length whole', () => {
    const error = refusal(z.object({ labels: z.record(z.string(), z.string()) }), { labels: { tone: 1 } });
    expect(error.message).toMatch(/^labels\.tone: Invalid input/);
    expect(error.options.param).toBe('labels.tone');
  });
});
