import { createHmac, timingSafeEqual } from 'node:crypto';

/** How far webhook-timestamp may be from the receiver's clock (the Standard Webhooks default). */
export const TIMESTAMP_TOLERANCE_S = 5 * 60;

/** base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`: the Standard Webhooks v1 signature. */
export function signPayload(key: Buffer, id: string, timestampS: number, body: string): string {
  return createHmac('sha256', key).update(`${id}.${timestampS}.${body}`, 'utf8').digest('base64');
}

/** The three headers of one attempt; the timestamp is the attempt's, the id the delivery's. */
export function signatureHeaders(
  key: Buffer,
  id: string,
  body: string,
  nowMs: number,
): { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string } {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': `v1,${signPayload(key, id, timestamp, body)}`,
  };
}

export interface Verification {
  verified: boolean;
  /** Why it did not verify; absent when it did. */
  reason?: string;
}

/**
 * Checks a delivery as a Standard Webhooks receiver would: all three headers present, the
 * timestamp within the tolerance (replay protection), and one of the space-separated `v1,`
 * signatures matching. `headers` has lower-case names.
 */
export function verifyWebhook(
  key: Buffer,
  headers: Record<string, string>,
  body: string,
  nowMs: number,
): Verification {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  const signature = headers['webhook-signature'];
  const missing = [
    ['webhook-id', id],
    ['webhook-timestamp', timestamp],
    ['webhook-signature', signature],
  ]
    .filter(([, v]) => !v)
    .map(([name]) => name);
  if (missing.length > 0) {
    return {
      verified: false,
      reason: `Missing header${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`,
    };
  }
  if (!/^\d{1,15}$/.test(timestamp!)) {
    return { verified: false, reason: 'webhook-timestamp is not a whole number of seconds since 1970.' };
  }
  const skew = Math.floor(nowMs / 1000) - Number(timestamp);
  if (skew > TIMESTAMP_TOLERANCE_S) {
    return {
      verified: false,
      reason: `Timestamp too old: sent ${skew} s before it arrived (at most ${TIMESTAMP_TOLERANCE_S} s allowed).`,
    };
  }
  if (skew < -TIMESTAMP_TOLERANCE_S) {
    return {
      verified: false,
      reason: `Timestamp too far in the future: ${-skew} s ahead of this server's clock.`,
    };
  }
  const expected = Buffer.from(signPayload(key, id!, Number(timestamp), body), 'base64');
  const candidates = signature!.split(' ').filter(Boolean);
  const match = candidates.some((entry) => {
    const [version, value] = entry.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (match) return { verified: true };
  if (!candidates.some((c) => c.startsWith('v1,'))) {
    return { verified: false, reason: 'webhook-signature has no "v1,<base64>" entry.' };
  }
  return {
    verified: false,
    reason:
      "Bad signature: it does not match this server's webhook secret (body or headers changed, or another secret).",
  };
}
