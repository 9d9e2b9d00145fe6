import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/api/api-client';
import { isRecord } from '@contract/is-record';
import { isInboxName, type InboxDelivery } from '@contract/webhook-inbox';

/**
 * The local server's webhook inbox (contract/webhook-inbox.ts), read leniently: an extra of this
 * server, so only an id is required of a delivery and any other field may be missing or odd.
 * Read and cleared with the connection's key, in the Authorization header like every API call:
 * an inbox belongs to the key that first read it or named it in a callback_url (decision 282).
 */
function parseDelivery(v: unknown): InboxDelivery | undefined {
  if (!isRecord(v) || typeof v.id !== 'string') return undefined;
  const headers: Record<string, string> = {};
  if (isRecord(v.headers)) {
    for (const [k, h] of Object.entries(v.headers)) if (typeof h === 'string') headers[k.toLowerCase()] = h;
  }
  const sig = isRecord(v.signature) ? v.signature : {};
  return {
    id: v.id,
    received_at: typeof v.received_at === 'number' ? v.received_at : 0,
    method: typeof v.method === 'string' ? v.method : 'POST',
    headers,
    body: typeof v.body === 'string' ? v.body : '',
    json: v.json ?? null,
    webhook_id: typeof v.webhook_id === 'string' ? v.webhook_id : null,
    signature: {
      verified: sig.verified === true,
      reason: typeof sig.reason === 'string' ? sig.reason : undefined,
    },
  };
}

export function parseInbox(data: unknown): InboxDelivery[] {
  if (!isRecord(data) || !Array.isArray(data.data)) throw new TypeError('Not an inbox list');
  return data.data.flatMap((d) => parseDelivery(d) ?? []);
}

/**
 * Inbox names among callback URLs that point at this server's inbox. `origin` is the connection's
 * origin (the page's own when the base URL is empty).
 */
export function inboxNamesFromCallbacks(urls: Iterable<unknown>, origin: string): string[] {
  const names = new Set<string>();
  for (const raw of urls) {
    if (typeof raw !== 'string' || raw === '') continue;
    try {
      const url = new URL(raw);
      if (url.origin !== origin) continue;
      const match = /^\/webhooks\/inbox\/([^/]+)\/?$/.exec(url.pathname);
      const name = match ? decodeURIComponent(match[1]!) : undefined;
      if (name && isInboxName(name)) names.add(name);
    } catch {
      // Not a URL: nothing to show.
    }
  }
  return [...names].sort();
}

export const inboxKeys = {
  all: () => ['webhook-inbox'] as const,
  inbox: (name: string) => ['webhook-inbox', name] as const,
};

/** Re-read every 3 s while shown, so a delivery appears on its own. */
export function inboxQueryOptions(name: string) {
  return queryOptions({
    queryKey: inboxKeys.inbox(name),
    queryFn: ({ signal }) =>
      apiRequest(`/webhooks/inbox/${encodeURIComponent(name)}`, { signal }, parseInbox),
    refetchInterval: 3_000,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

export function clearInbox(name: string) {
  return apiRequest(`/webhooks/inbox/${encodeURIComponent(name)}`, { method: 'DELETE' });
}
