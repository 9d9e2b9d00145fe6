import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactTurns, decodeCompaction } from './responses/compact';
import { cosine, embed, toBase64 } from './embeddings';
import { countTokens, tokenize } from './tokens';
import { benchTokens, composeReply, planReply, type Turn } from './writer';

const user = (text: string): Turn => ({ role: 'user', text, attachments: 0 });

describe('tokenize', () => {
  it('pieces always join back into the exact text, and the count matches', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const tokens = tokenize(text);
        expect(tokens.join('')).toBe(text);
        expect(countTokens(text)).toBe(tokens.length);
      }),
    );
  });

  it('splits words, punctuation and CJK characters', () => {
    expect(tokenize('Hi, you!')).toEqual(['Hi', ',', ' you', '!']);
    expect(tokenize('你好')).toEqual(['你', '好']);
  });
});

describe('composeReply', () => {
  it('is deterministic Markdown with a heading, list, table and fenced code block', () => {
    const req = { model: 'service-chat', turns: [user('Compare apples and pears')] };
    const text = composeReply(req);
    expect(composeReply(req)).toBe(text);
    expect(text).toMatch(/^## Reply to “Compare apples and pears”/);
    expect(text).toMatch(/^- Messages: \*\*1\*\*/m);
    expect(text).toMatch(/^\| 1 \| and \| 1 \|$/m);
    expect(text).toMatch(/^```text\nCompare apples and pears\n```$/m);
    expect(text).toContain('not* a language model');
  });

  it('answers Chinese in Chinese', () => {
    expect(composeReply({ model: 'service-chat', turns: [user('你好，世界')] })).toContain('确定性写作器');
  });

  it('quotes text containing backticks and pipes without breaking out of the block or table', () => {
    const text = composeReply({ model: 'service-chat', turns: [user('a ``` b | c')] });
    expect(text).toContain('````text\na ``` b | c\n````');
    expect(text).toContain('a ``` b \\| c');
  });
});

describe('planReply', () => {
  const req = { model: 'service-chat', turns: [user('hello')] };

  it('cuts at max tokens with finish length', () => {
    const plan = planReply(req, { maxTokens: 4 });
    expect(plan.tokens).toHaveLength(4);
    expect(plan.finish).toBe('length');
  });

  it('cuts before the earliest stop sequence', () => {
    const plan = planReply(req, { stop: ['###', '>'] });
    expect(plan.finish).toBe('stop_sequence');
    expect(plan.stopSequence).toBe('>');
    expect(plan.text).toBe('## Reply to “hello”\n\n');
  });

  it('/bench N gives exactly N tokens, flagged as fast', () => {
    const plan = planReply({ model: 'service-chat', turns: [user('/bench 1234')] });
    expect(plan.tokens).toHaveLength(1234);
    expect(plan.bench).toBe(true);
    expect(benchTokens(200).join('')).toMatch(/\.\n\n/);
  });
});

describe('embed', () => {
  it('is deterministic, unit length, and closer for texts that share words', () => {
    const a = embed('machine learning models', 512);
    expect(embed('machine learning models', 512)).toEqual(a);
    expect(cosine(a, a)).toBeCloseTo(1, 6);
    const related = embed('learning about machine models', 512);
    const unrelated = embed('banana bread recipe', 512);
    expect(cosine(a, related)).toBeGreaterThan(0.5);
    expect(Math.abs(cosine(a, unrelated))).toBeLessThan(0.2);
    expect(cosine(embed('running', 512), embed('runner', 512))).toBeGreaterThan(
      cosine(embed('running', 512), embed('swim', 512)),
    );
  });

  it('base64 is little-endian float32', () => {
    const v = embed('x', 8);
    const bytes = Buffer.from(toBase64(v), 'base64');
    expect(Array.from({ length: 8 }, (_, i) => bytes.readFloatLE(i * 4))).toEqual(
      v.map((x) => Math.fround(x)),
    );
  });
});

describe('compaction', () => {
  it('keeps user turns, summarises the rest, and round-trips its item', () => {
    const turns: Turn[] = [
      user('first question'),
      {
        role: 'assistant',
        text: composeReply({ model: 'service-chat', turns: [user('first question')] }),
        attachments: 0,
      },
      user('second question'),
    ];
    const c = compactTurns(turns);
    expect(c.output.map((o) => o.type)).toEqual(['message', 'message', 'compaction']);
    expect(c.tokensAfter).toBeLessThan(c.tokensBefore / 3);
    const summary = decodeCompaction(String(c.output[2]!.encrypted_content), 'x');
    expect(summary).toContain('assistant: Reply to “first question”');
    expect(() => decodeCompaction('lc1.@@@', 'input[0]')).toThrow(/input\[0\]/);
  });
});
