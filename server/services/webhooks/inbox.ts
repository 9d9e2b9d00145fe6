import { jsonTextDepth } from '@contract/bounded-json';
import type { InboxDelivery } from '@contract/webhook-inbox';
import type { AppContext } from '../../context';
import { MAX_JSON_BODY_DEPTH } from '../../http';
import { token } from '../../ids';
import { isInboxName } from '@contract/webhook-inbox';
import { ApiError } from '../../errors';
import { isLoopbackHost } from '../../loopback';
import {
  claimInbox,
  clearInbox,
  listInbox,
  recordInboxDelivery,
  type InboxRow,
} from '../../store/webhook-inbox';
import { webhookSecret } from './secret';
import { verifyWebhook } from './signature';
import { quoted } from '@contract/quoted';

/** Per inbox, signed and unsigned deliveries each (store/webhook-inbox.ts says why apart). */
export const INBOX_KEEP = 100;
/** Never kept, so an inbox (readable by whoever sent it a delivery's key) cannot leak a credential. */
const REDACTED_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key', 'api-key']);

/**
 * The delivery's body as JSON for display, or null. A body nested deeper than any API request may
 * be (MAX_JSON_BODY_DEPTH) is shown as raw text only: parsed, it could not be written back out.
 */
function parseJson(body: string): unknown {
  if (jsonTextDepth(body) > MAX_JSON_BODY_DEPTH) return null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

function inboxObject(row: InboxRow): InboxDelivery {
  return {
    id: row.id,
    received_at: row.received_ms,
    method: row.method,
    headers: JSON.parse(row.headers) as Record<string, string>,
    body: row.body,
    json: parseJson(row.body),
    webhook_id: row.webhook_id,
    signature: row.verified ? { verified: true } : { verified: false, reason: row.reason ?? 'Not verified.' },
  };
}

/** Keeps what arrived at an inbox, credentials redacted, with whether our signature verifies. */
export function receiveInboxDelivery(
  ctx: AppContext,
  name: string,
  method: string,
  sent: Headers,
  body: string,
): void {
  const headers: Record<string, string> = {};
  sent.forEach((value, key) => {
    headers[key] = REDACTED_HEADERS.has(key) ? '[redacted]' : value;
  });
  const now = Date.now();
  const check = verifyWebhook(webhookSecret(ctx).key, headers, body, now);
  recordInboxDelivery(
    ctx.db,
    {
      id: `whd_${token()}`,
      name,
      received_ms: now,
      method,
      headers: JSON.stringify(headers),
      body,
      webhook_id: headers['webhook-id'] ?? null,
      verified: check.verified ? 1 : 0,
      reason: check.reason ?? null,
    },
    { perInbox: INBOX_KEEP, unclaimed: ctx.config.inboxUnclaimedKeep },
  );
}

export function inboxDeliveries(ctx: AppContext, name: string): InboxDelivery[] {
  return listInbox(ctx.db, name, 2 * INBOX_KEEP).map(inboxObject);
}

/** The number of deliveries removed. */
export function clearInboxDeliveries(ctx: AppContext, name: string): number {
  return clearInbox(ctx.db, name);
}

function anotherKeys(name: string, param: string): ApiError {
  return new ApiError(
    403,
    `The webhook inbox ${quoted(name)} belongs to another API key (the first to read it or name it in a callback_url). Pick another name, e.g. ${quoted(`${name}-2`)}.`,
    { code: 'inbox_belongs_to_another_key', param },
  );
}

/**
 * Throws 403 unless inbox `name` is `owner`'s, claiming it when it is nobody's yet (decision 282):
 * reading or clearing an inbox first makes it yours.
 */
export function assertInboxOwner(ctx: AppContext, name: string, owner: string): void {
  if (claimInbox(ctx.db, name, owner, Date.now()) !== owner) throw anotherKeys(name, 'name');
}

/** Whether two origins are this server's: the same origin, or loopback names on the same port. */
function sameServer(url: URL, origin: string): boolean {
  if (url.origin === origin) return true;
  const own = new URL(origin);
  return isLoopbackHost(url.hostname) && isLoopbackHost(own.hostname) && url.port === own.port;
}

/**
 * A callback_url that names an inbox of this server claims it for the key creating the task; one
 * that names another key's inbox is refused (400), so that key never receives this task's payload.
 */
export function claimCallbackInbox(
  ctx: AppContext,
  owner: string,
  origin: string,
  callbackUrl: string,
): void {
  let url: URL;
  try {
    url = new URL(callbackUrl);
  } catch {
    return;
  }
  const match = /^\/webhooks\/inbox\/([^/]+)\/?$/.exec(url.pathname);
  if (!match || !sameServer(url, origin)) return;
  let name: string;
  try {
    name = decodeURIComponent(match[1]!);
  } catch {
    return;
  }
  if (!isInboxName(name)) return;
  if (claimInbox(ctx.db, name, owner, Date.now()) !== owner) {
    const err = anotherKeys(name, 'callback_url');
    throw new ApiError(400, err.message, err.options);
  }
}
