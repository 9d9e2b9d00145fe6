import { callbackUrlIssue } from '@contract/callback-url-rules';

/**
 * What a form writes to storage: its draft, except a callback_url that carries the API key in use
 * (the key never goes into localStorage; the field shows the problem while the tab lives).
 */
export function withoutKeyedCallback<T extends { callbackUrl: string }>(draft: T, apiKey: string): T {
  const issue = callbackUrlIssue(draft.callbackUrl.trim(), apiKey ? [apiKey] : []);
  return issue?.code === 'contains_key' ? { ...draft, callbackUrl: '' } : draft;
}

/**
 * A stored draft completed with today's defaults: only fields of today's shape with today's types
 * are taken, so a draft written by an older version is never trusted blindly.
 */
export function completedDraft<T extends object>(empty: T, stored: unknown): T {
  if (!stored || typeof stored !== 'object') return { ...empty };
  const out = { ...empty };
  for (const key of Object.keys(empty) as (keyof T)[]) {
    const value = (stored as Record<string, unknown>)[key as string];
    const expected = empty[key];
    const fits = Array.isArray(expected) ? Array.isArray(value) : typeof value === typeof expected;
    if (fits) out[key] = value as T[keyof T];
  }
  return out;
}
