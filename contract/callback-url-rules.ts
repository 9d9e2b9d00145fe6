import { quoted } from './quoted';

/**
 * The pure rules of a webhook `callback_url`, free of any schema library: the server's schema
 * (callback-url.ts) and the dashboard's as-you-type check share them.
 */

/**
 * The query parameter names that are a credential. The specification (Authentication) says webhook
 * callback URLs must not contain the key, user tokens or other sensitive data; it names no
 * parameter, so only names that are exactly a credential are refused (LOCAL_API.md, Webhooks), in
 * any case and with `_`, `-` or camelCase between words (`api_key`, `API-Key`, `apiKey`). Names
 * that merely contain such a word (`signature_version`, `session`, `monkey`) are accepted; the
 * API key itself is refused wherever it appears (`secrets`).
 */
const CREDENTIAL_NAMES = new Set(['key', 'apikey', 'token', 'accesstoken', 'secret', 'password']);

/** Whether a query parameter name is exactly a credential's name (see CREDENTIAL_NAMES). */
export function isCredentialParamName(name: string): boolean {
  return CREDENTIAL_NAMES.has(name.toLowerCase().replace(/[-_]/g, ''));
}

/** Why a `callback_url` may not be used, as a code the dashboard translates; `param` names the query parameter. */
export type CallbackUrlIssue =
  | { code: 'not_http_url' }
  | { code: 'user_info' }
  | { code: 'credential_param'; param: string }
  | { code: 'contains_key' };

/**
 * What is wrong with a webhook `callback_url`, or undefined when it may be used: it must be an
 * absolute http(s) URL, without user name or password, without a query parameter named exactly
 * like a credential, and must not contain any of `secrets` (the caller passes the API keys it knows).
 */
export function callbackUrlIssue(url: string, secrets: readonly string[] = []): CallbackUrlIssue | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { code: 'not_http_url' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { code: 'not_http_url' };
  if (parsed.username || parsed.password) return { code: 'user_info' };
  for (const name of new Set(parsed.searchParams.keys())) {
    if (isCredentialParamName(name)) return { code: 'credential_param', param: name };
  }
  const decoded = safeDecode(url);
  for (const secret of secrets) {
    if (secret && (url.includes(secret) || decoded.includes(secret))) return { code: 'contains_key' };
  }
  return undefined;
}

/** `callbackUrlIssue` as the message the API sends (what to fix, in English). */
export function callbackUrlProblem(url: string, secrets: readonly string[] = []): string | undefined {
  const issue = callbackUrlIssue(url, secrets);
  switch (issue?.code) {
    case undefined:
      return undefined;
    case 'not_http_url':
      return 'callback_url must be an absolute http(s) URL, for example https://example.com/webhooks/video';
    case 'user_info':
      return 'callback_url must not carry a user name or password: webhook URLs must not contain credentials';
    case 'credential_param':
      return `callback_url must not carry credentials: remove the query parameter ${quoted(issue.param)} (verify deliveries with the webhook-signature header instead)`;
    case 'contains_key':
      return 'callback_url must not contain the API key';
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
