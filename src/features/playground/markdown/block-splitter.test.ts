import { describe, expect, it, vi } from 'vitest';
import { parseMarkdownIntoBlocks } from 'streamdown';
import { BlockSplitter } from '@/features/playground/markdown/block-splitter';

const DOC =
  '# Title\n\nA paragraph.\n\n- a\n- b\n\n```js\nconst x = 1;\n\nmore\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\nEnd.';

describe('BlockSplitter', () => {
  it('ends with the same blocks as splitting the whole text, fed one character at a time', () => {
    const splitter = new BlockSplitter();
    let result = splitter.update('');
    for (let i = 1; i <= DOC.length; i++) result = splitter.update(DOC.slice(0, i));
    expect([...result.finished, result.tail].join('')).toBe(DOC);
    expect([...result.finished, result.tail]).toEqual(parseMarkdownIntoBlocks(DOC));
  });

  it('re-lexes only the text after the last finished block', () => {
    const split = vi.fn(parseMarkdownIntoBlocks);
    const splitter = new BlockSplitter(split);
    const long = Array.from({ length: 200 }, (_, i) => `Paragraph ${i}.\n\n`).join('');
    splitter.update(long);
    splitter.update(`${long}Tail`);
    expect(split.mock.calls.at(-1)![0].length).toBeLessThan(40);
  });

  it('keeps finished blocks identical (same strings) as the text grows', () => {
    const splitter = new BlockSplitter();
    const first = [...splitter.update('One.\n\nTwo.\n\nThr').finished];
    const second = splitter.update('One.\n\nTwo.\n\nThree.\n\nFo').finished;
    expect(second.slice(0, first.length)).toEqual(first);
  });

  it('starts over when the text is replaced rather than extended', () => {
    const splitter = new BlockSplitter();
    splitter.update('First.\n\nSecond.\n\nThird');
    const { finished, tail } = splitter.update('Other.\n\nText');
    expect([...finished, tail].join('')).toBe('Other.\n\nText');
  });
});
