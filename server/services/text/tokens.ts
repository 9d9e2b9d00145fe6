/**
 * Token-ish splitting for the local text models. It is no real BPE tokenizer: a token is a word
 * (with the whitespace before it), a punctuation mark, or one CJK character, and words longer than
 * eight characters are cut into pieces. That is close enough to real token counts for `usage`,
 * `max_tokens` and streaming to behave as they do against a real deployment, and the pieces
 * always join back into the exact input.
 */
const CJK =
  '\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uac00-\\ud7af\\uff00-\\uffef\\u3000-\\u303f';
const TOKEN = new RegExp(
  `\\s*(?:[${CJK}]|[\\p{L}\\p{M}\\p{N}_'’]{1,8}|[^\\s${CJK}\\p{L}\\p{M}\\p{N}_'’])|\\s+`,
  'gu',
);
const HAS_CJK = new RegExp(`[${CJK}]`, 'u');

export function tokenize(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

export function countTokens(text: string): number {
  let n = 0;
  TOKEN.lastIndex = 0;
  while (TOKEN.exec(text)) n++;
  return n;
}

/** Whether the text is (at least partly) written in Chinese, Japanese or Korean script. */
export function hasCjk(text: string): boolean {
  return HAS_CJK.test(text);
}

/** What a tool call costs in output tokens, in every format: its name and its arguments' text. */
export function callTokens(calls: ReadonlyArray<{ name: string; arguments: string }>): number {
  return calls.reduce((sum, c) => sum + countTokens(c.arguments) + countTokens(c.name), 0);
}
