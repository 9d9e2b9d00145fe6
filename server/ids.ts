import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A random, unguessable token (LOCAL_API.md: ids are not sequential). 20 chars ≈ 119 bits. */
export function token(length = 20): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const b = bytes[i]!;
    // Rejection sampling keeps every character equally likely.
    if (b < 248) out += ALPHABET[b % 62];
  }
  return out.length === length ? out : out + token(length - out.length);
}

export type IdPrefix = 'asset' | 'grp' | 'task' | 'req' | 'trace' | 'wh' | 'msg';

export function newId(prefix: IdPrefix): string {
  return `${prefix}_${token()}`;
}
