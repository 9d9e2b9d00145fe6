import { describe, expect, it } from 'vitest';
import { apiOrigin } from '@/api/connection-store';
import { buildCurl, maskKey, shellQuote } from './curl';

/** What a POSIX shell makes of a word built from '…' runs and \' escapes. */
function shellWord(word: string): string {
  let out = '';
  for (const m of word.matchAll(/'([^']*)'|\\(.)/g)) out += m[1] ?? m[2];
  return out;
}

describe('curl preview', () => {
  it('quotes for a POSIX shell, quotes included', () => {
    const text = `it's a "test" $HOME \`x\` \\ @hero`;
    expect(shellWord(shellQuote(text))).toBe(text);
  });

  it('never carries the key; reads it from $API_KEY', () => {
    const cmd = buildCurl('http://127.0.0.1:8787', '/v1/videos', { model: 'video-2.0-cl', prompt: "it's" });
    expect(cmd).toContain(`"Authorization: Bearer $API_KEY"`);
    expect(cmd).toContain(`'http://127.0.0.1:8787/v1/videos'`);
    const payload = shellWord(cmd.split(' -d ')[1]!);
    expect(JSON.parse(payload)).toEqual({ model: 'video-2.0-cl', prompt: "it's" });
  });

  it('masks keys, and uses the page origin for a same-origin connection', () => {
    expect(maskKey('sk-local-dev-123456')).toBe('sk-••••••••3456');
    expect(maskKey('short')).toBe('••••••••');
    expect(apiOrigin('', 'http://localhost:8787')).toBe('http://localhost:8787');
    expect(apiOrigin('https://api.example.com/', 'http://x')).toBe('https://api.example.com');
  });
});
