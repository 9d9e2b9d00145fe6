import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signatureHeaders, verifyWebhook } from './signature';

const key = randomBytes(32);
const secretText = `whsec_${key.toString('base64')}`;
const body = JSON.stringify({ type: 'task.succeeded', data: { id: 'task_abc', status: 'succeeded' } });

describe('Standard Webhooks signature', () => {
  it('is accepted by the official standardwebhooks library', () => {
    const headers = signatureHeaders(key, 'msg_abc', body, Date.now());
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secretText).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('is refused by the library when the body, id or timestamp is tampered with', () => {
    const headers = signatureHeaders(key, 'msg_abc', body, Date.now());
    const wh = new Webhook(secretText);
    expect(() => wh.verify(body.replace('succeeded', 'failed'), headers)).toThrow();
    expect(() => wh.verify(body, { ...headers, 'webhook-id': 'msg_other' })).toThrow();
    const ts = String(Number(headers['webhook-timestamp']) - 1);
    expect(() => wh.verify(body, { ...headers, 'webhook-timestamp': ts })).toThrow();
    expect(() => new Webhook(`whsec_${randomBytes(32).toString('base64')}`).verify(body, headers)).toThrow();
  });

  it('verifies what the library signs, and names why a delivery does not verify', () => {
    const now = Date.now();
    const id = 'msg_lib';
    const signature = new Webhook(secretText).sign(id, new Date(now), body);
    const headers = {
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(now / 1000)),
      'webhook-signature': signature,
    };
    expect(verifyWebhook(key, headers, body, now)).toEqual({ verified: true });
    // Several signatures may be listed (secret rotation); one match is enough.
    const rotated = { ...headers, 'webhook-signature': `v1,AAAA ${signature}` };
    expect(verifyWebhook(key, rotated, body, now)).toEqual({ verified: true });

    expect(verifyWebhook(key, headers, `${body} `, now)).toMatchObject({
      verified: false,
      reason: expect.stringMatching(/^Bad signature/),
    });
    expect(verifyWebhook(key, { 'webhook-id': id }, body, now)).toEqual({
      verified: false,
      reason: 'Missing headers: webhook-timestamp, webhook-signature.',
    });
    expect(verifyWebhook(key, headers, body, now + 6 * 60_000)).toMatchObject({
      verified: false,
      reason: expect.stringMatching(/^Timestamp too old/),
    });
    expect(verifyWebhook(key, headers, body, now - 6 * 60_000)).toMatchObject({
      verified: false,
      reason: expect.stringMatching(/future/),
    });
    expect(verifyWebhook(key, { ...headers, 'webhook-timestamp': 'yesterday' }, body, now).reason).toMatch(
      /not a whole number/,
    );
    expect(verifyWebhook(key, { ...headers, 'webhook-signature': 'v2,abc' }, body, now).reason).toMatch(
      /no "v1,/,
    );
  });
});
