import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractAliases } from '@contract/video-rules';
import { applyAlias, mentionAt, segmentPrompt, suggestAliases } from './alias-suggestions';

describe('mentionAt', () => {
  it('finds the mention being typed at the caret', () => {
    expect(mentionAt('walk with @he', 13)).toEqual({ start: 10, end: 13, query: 'he' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, end: 1, query: '' });
    // Caret inside a word: the whole word is replaced on accept.
    expect(mentionAt('see @hero now', 7)).toEqual({ start: 4, end: 9, query: 'he' });
  });

  it('is not a mention inside an e-mail address or without @', () => {
    expect(mentionAt('mail a@b', 8)).toBeNull();
    expect(mentionAt('hero', 4)).toBeNull();
    expect(mentionAt('@hero and', 9)).toBeNull();
  });
});

describe('suggestAliases', () => {
  it('puts prefix matches first, then inner matches, case-insensitively, without duplicates', () => {
    expect(suggestAliases(['video1', 'hero', 'superhero', 'Heron', 'hero'], 'he')).toEqual([
      'hero',
      'Heron',
      'superhero',
    ]);
    expect(suggestAliases(['a', 'b'], '')).toEqual(['a', 'b']);
  });
});

describe('applyAlias', () => {
  it('replaces the mention and adds a space unless one follows', () => {
    expect(applyAlias('walk with @he', { start: 10, end: 13, query: 'he' }, 'hero')).toEqual({
      text: 'walk with @hero ',
      caret: 16,
    });
    expect(applyAlias('@h now', { start: 0, end: 2, query: 'h' }, 'hero')).toEqual({
      text: '@hero now',
      caret: 5,
    });
  });
});

describe('segmentPrompt', () => {
  it('marks defined and undefined mentions and keeps all text', () => {
    expect(segmentPrompt('A @hero meets @ghost, mail a@b.c', new Set(['hero']))).toEqual([
      { text: 'A ', kind: 'plain' },
      { text: '@hero', kind: 'alias' },
      { text: ' meets ', kind: 'plain' },
      { text: '@ghost', kind: 'unknown' },
      { text: ', mail a@b.c', kind: 'plain' },
    ]);
  });

  it('finds exactly the mentions the contract finds, and loses no character', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('@', 'a', 'é', '_', '-', ' ', '1', '.', '字') }),
        (text) => {
          const segments = segmentPrompt(text, new Set());
          expect(segments.map((s) => s.text).join('')).toBe(text);
          const found = [...new Set(segments.filter((s) => s.kind !== 'plain').map((s) => s.text.slice(1)))];
          expect(found).toEqual(extractAliases(text));
        },
      ),
    );
  });
});
