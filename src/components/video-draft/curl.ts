/** POSIX shell single-quoting: everything literal, `'` written as `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * A key as it may be shown: enough to recognise it (first 3 and last 4 characters), never enough
 * to use it. Short keys are fully masked.
 */
export function maskKey(key: string): string {
  if (!key) return '';
  if (key.length <= 10) return '•'.repeat(8);
  return `${key.slice(0, 3)}${'•'.repeat(8)}${key.slice(-4)}`;
}

/**
 * The request as a curl command. The key is never in it: the command reads `$API_KEY` from the
 * shell, so a copied command works once the variable is set and a screenshot leaks nothing.
 */
export function buildCurl(origin: string, path: string, body: unknown): string {
  return [
    `curl -sS -X POST ${shellQuote(`${origin}${path}`)}`,
    `  -H "Authorization: Bearer $API_KEY"`,
    `  -H 'Content-Type: application/json'`,
    `  -d ${shellQuote(JSON.stringify(body, null, 2))}`,
  ].join(' \\\n');
}
