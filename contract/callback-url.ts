import { z } from 'zod';

/**
 * Words that make a query parameter name look like a credential. The specification (Authentication)
 * says webhook callback URLs must not contain the key, user tokens or other sensitive data;
 * LOCAL_API.md refuses such a `callback_url` with 400.
 */
export const CREDENTIAL_PARAM_WORDS = [
  'key',
  'apikey',
  'accesskey',
  'secretkey',
  'privatekey',
  'token',
  'accesstoken',
  'authtoken',
  'refreshtoken',
  'idtoken',
  'sessiontoken',
  'secret',
  'clientsecret',
  'password',
  'passwd',
  'pwd',
  'pass',
  'auth',
  'authorization',
  'credential',
  'credentials',
  'session',
  'sessionid',
  'jwt',
  'bearer',
  'sig',
  'signature',
] as const;

const CREDENTIAL_WORDS = new Set<string>(CREDENTIAL_PARAM_WORDS);

/**
 * Whether a query parameter name is named like a credential: one of its words (split at
 * non-letters and camelCase humps, `X-Api-Key`, `access_token`, `apiKey`) or the whole name
 * without separators (`apikey`) is a credential word. `author` or `monkey` are not.
 */
export function isCredentialParamName(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const joined = words.join('');
  return words.some((w) => CREDENTIAL_WORDS.has(w)) || CREDENTIAL_WORDS.has(joined);
}

/**
 * What is wrong with a webhook `callback_url`, or undefined when it may be used: it must be an
 * absolute http(s) URL, without user name or password, without a query parameter named like a
 * credential, and must not contain any of `secrets` (the caller passes the API keys it knows).
 */
export function callbackUrlProblem(url: string, secrets: readonly string[] = []): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'callback_url must be an absolute http(s) URL, for example https://example.com/webhooks/video';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return 'callback_url must be an absolute http(s) URL, for example https://example.com/webhooks/video';
  }
  if (parsed.username || parsed.password) {
    return 'callback_url must not carry a user name or password: webhook URLs must not contain credentials';
  }
  for (const name of new Set(parsed.searchParams.keys())) {
    if (isCredentialParamName(name)) {
      return `callback_url must not carry credentials: remove the query parameter "${name}" (verify deliveries with the webhook-signature header instead)`;
    }
  }
  const decoded = safeDecode(url);
  for (const secret of secrets) {
    if (secret && (url.includes(secret) || decoded.includes(secret))) {
      return 'callback_url must not contain the API key';
    }
  }
  return undefined;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** A `callback_url` field: trimmed, checked with `callbackUrlProblem` (without secrets). */
export const CallbackUrlSchema = z
  .string({ error: 'callback_url must be a string: an absolute http(s) URL' })
  .trim()
  .superRefine((url, ctx) => {
    const problem = callbackUrlProblem(url);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
