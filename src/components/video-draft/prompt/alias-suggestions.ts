/**
 * The `@alias` mechanics of the prompt editor, as pure functions. A mention follows the contract's
 * rule (contract/video-rules.ts, extractAliases): `@` not preceded by a letter, digit or `_`, then
 * 1-32 letters, digits, `_` or `-`; so `a@b.com` mentions nothing.
 */

const ALIAS_CHAR = /[\p{L}\p{N}_-]/u;
const WORD_CHAR = /[\p{L}\p{N}_]/u;
const MENTION = /(?<![\p{L}\p{N}_])@([\p{L}\p{N}_-]{1,32})/gu;
export const MAX_SUGGESTIONS = 8;

export interface MentionQuery {
  /** Index of the `@`. */
  start: number;
  /** End of the alias word the caret is in (the caret may sit in the middle of it). */
  end: number;
  /** What is typed between `@` and the caret. */
  query: string;
}

/** The mention being typed at the caret, or null when the caret is not in one. */
export function mentionAt(text: string, caret: number): MentionQuery | null {
  let at = caret;
  while (at > 0 && ALIAS_CHAR.test(text[at - 1]!)) at -= 1;
  if (at === 0 || text[at - 1] !== '@') return null;
  const start = at - 1;
  if (start > 0 && WORD_CHAR.test(text[start - 1]!)) return null;
  if (caret - at > 32) return null;
  let end = caret;
  while (end < text.length && ALIAS_CHAR.test(text[end]!)) end += 1;
  return { start, end, query: text.slice(at, caret) };
}

/** Defined aliases that fit what is typed: prefix matches first, then those containing it. */
export function suggestAliases(aliases: readonly string[], query: string): string[] {
  const q = query.toLowerCase();
  const unique = [...new Set(aliases.filter(Boolean))];
  const prefix = unique.filter((a) => a.toLowerCase().startsWith(q));
  const inner = unique.filter((a) => !a.toLowerCase().startsWith(q) && a.toLowerCase().includes(q));
  return [...prefix, ...inner].slice(0, MAX_SUGGESTIONS);
}

/** Replaces the mention with `@alias` and a space (unless one follows); returns the new caret too. */
export function applyAlias(
  text: string,
  mention: MentionQuery,
  alias: string,
): { text: string; caret: number } {
  const rest = text.slice(mention.end);
  const gap = /^\s/.test(rest) ? '' : ' ';
  const inserted = `@${alias}${gap}`;
  return { text: text.slice(0, mention.start) + inserted + rest, caret: mention.start + inserted.length };
}

export interface PromptSegment {
  text: string;
  /** `alias`: a mention of a defined alias; `unknown`: a mention no reference defines. */
  kind: 'plain' | 'alias' | 'unknown';
}

/** The prompt cut into plain text and mentions, for the highlight layer behind the textarea. */
export function segmentPrompt(text: string, defined: ReadonlySet<string>): PromptSegment[] {
  const segments: PromptSegment[] = [];
  let last = 0;
  for (const m of text.matchAll(MENTION)) {
    const index = m.index;
    if (index > last) segments.push({ text: text.slice(last, index), kind: 'plain' });
    segments.push({ text: m[0], kind: defined.has(m[1]!) ? 'alias' : 'unknown' });
    last = index + m[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), kind: 'plain' });
  return segments;
}
