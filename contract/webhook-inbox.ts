/**
 * The local server's webhook inbox (not in the specification: an extra of this server, local mode
 * only). `<origin>/webhooks/inbox/<name>` keeps what a callback_url pointing at it received; the
 * server writes these shapes and the dashboard reads them, leniently (src/api/webhook-inbox.ts).
 */

/** What an inbox may be called: the server refuses other names, the dashboard offers none. */
export const INBOX_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function isInboxName(name: string): boolean {
  return INBOX_NAME_PATTERN.test(name);
}

/** One entry of GET /webhooks/inbox/:name (`{ object: 'list', data: InboxDelivery[] }`). */
export interface InboxDelivery {
  id: string;
  /** ms */
  received_at: number;
  method: string;
  /** Lower-case names; credentials (Authorization, cookies, API keys) are never kept. */
  headers: Record<string, string>;
  body: string;
  /** The body parsed as JSON for display, or null (not JSON, or nested too deep to write back). */
  json: unknown;
  webhook_id: string | null;
  /** Whether the Standard Webhooks signature verifies with this server's secret, and if not why. */
  signature: { verified: boolean; reason?: string };
}
