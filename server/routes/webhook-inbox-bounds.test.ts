import { describe, expect, it } from 'vitest';
import type { InboxDelivery } from '@contract/webhook-inbox';
import { ConfigError, DEFAULT_API_KEY, DEFAULT_INBOX_UNCLAIMED_KEEP, loadConfig } from '../config';
import { INBOX_KEEP } from '../services/webhooks/inbox';
import { webhookSecret } from '../services/webhooks/secret';
import { signatureHeaders } from '../services/webhooks/signature';
import type { TestApp } from '../test/helpers';
import { webhookHarness } from '../test/webhook-harness';

/**
 * Issue 41, point 4: receiving is keyless, so what keyless posts can push out must be bounded to
 * other keyless posts. 21 floods of 100 posts to made-up names used to erase a claimed inbox's real,
 * signed delivery (the inbox kept 2,000 deliveries over all names).
 *
 * The unclaimed bound is lowered to UNCLAIMED_KEEP (INBOX_UNCLAIMED_KEEP, decision 590) so a flood
 * passes it several times over with hundreds of posts instead of thousands; the pruning is the same.
 */
const UNCLAIMED_KEEP = 50;
const harness = webhookHarness();
const app = () => harness.app({ env: { INBOX_UNCLAIMED_KEEP: String(UNCLAIMED_KEEP) } });

async function inbox(t: TestApp, name: string): Promise<InboxDelivery[]> {
  const res = await t.req(`/webhooks/inbox/${name}`, { key: DEFAULT_API_KEY });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: InboxDelivery[] }).data;
}

async function post(t: TestApp, name: string, body: string, headers: Record<string, string> = {}) {
  const res = await t.req(`/webhooks/inbox/${name}`, {
    key: null,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...headers },
  });
  expect(res.status).toBe(200);
}

async function postSigned(t: TestApp, name: string, id: string): Promise<void> {
  const body = JSON.stringify({ type: 'task.succeeded', data: { id } });
  await post(t, name, body, signatureHeaders(webhookSecret(t.ctx).key, id, body, Date.now()));
}

function storedRows(t: TestApp): number {
  return (t.ctx.db.prepare('SELECT COUNT(*) AS n FROM webhook_inbox').get() as { n: number }).n;
}

describe('webhook inbox bounds', () => {
  it('keyless floods to made-up names never push out a claimed inbox’s deliveries', async () => {
    const t = app();
    expect(await inbox(t, 'mine')).toEqual([]); // reading claims it
    await postSigned(t, 'mine', 'msg_real');
    await post(t, 'mine', '{"unsigned":true}');

    // 21 floods of 10 posts: over four times the unclaimed bound.
    for (let flood = 0; flood < 21; flood++) {
      for (let i = 0; i < 10; i++) await post(t, `made-up-${flood}-${i % 7}`, `{"n":${i}}`);
    }

    const kept = await inbox(t, 'mine');
    expect(kept.map((d) => [d.webhook_id, d.signature.verified])).toEqual([
      [null, false],
      ['msg_real', true],
    ]);
    // The made-up names share one bounded store, the oldest going first.
    expect(storedRows(t)).toBe(UNCLAIMED_KEEP + 2);
    expect(await inbox(t, 'made-up-0-0')).toEqual([]);
    expect((await inbox(t, 'made-up-20-1')).length).toBeGreaterThan(0);
  });

  it('unsigned posts to a claimed inbox push out only unsigned ones; its signed deliveries stay', async () => {
    const t = app();
    await inbox(t, 'mine');
    await postSigned(t, 'mine', 'msg_1');
    await postSigned(t, 'mine', 'msg_2');
    for (let i = 0; i < INBOX_KEEP + 30; i++) await post(t, 'mine', `{"junk":${i}}`);

    const kept = await inbox(t, 'mine');
    const signed = kept.filter((d) => d.signature.verified).map((d) => d.webhook_id);
    expect(signed).toEqual(['msg_2', 'msg_1']);
    const unsigned = kept.filter((d) => !d.signature.verified);
    expect(unsigned).toHaveLength(INBOX_KEEP);
    expect(unsigned[0]!.json).toEqual({ junk: INBOX_KEEP + 29 });
    // Newest first, the signed ones where they arrived.
    expect(kept.at(-1)!.webhook_id).toBe('msg_1');
  });

  it(`a claimed inbox keeps its newest ${INBOX_KEEP} signed deliveries`, async () => {
    const t = app();
    await inbox(t, 'mine');
    for (let i = 0; i < INBOX_KEEP + 3; i++) await postSigned(t, 'mine', `msg_${i}`);
    const kept = await inbox(t, 'mine');
    expect(kept).toHaveLength(INBOX_KEEP);
    expect(kept[0]!.webhook_id).toBe(`msg_${INBOX_KEEP + 2}`);
    expect(kept.at(-1)!.webhook_id).toBe('msg_3');
  });

  it('a delivery kept before its inbox was claimed is protected once it is claimed', async () => {
    const t = app();
    // Unsigned, as most posts to a fresh name are: a signed one is never in the unclaimed store's
    // count, so it would stay even if claiming protected nothing.
    await post(t, 'early', '{"early":true}');
    await inbox(t, 'early');
    // A flood of three times the unclaimed bound.
    for (let i = 0; i < 3 * UNCLAIMED_KEEP; i++) await post(t, `made-up-${i % 50}`, '{}');
    expect((await inbox(t, 'early')).map((d) => d.json)).toEqual([{ early: true }]);
  });

  it(`keeps ${DEFAULT_INBOX_UNCLAIMED_KEEP} unclaimed deliveries unless INBOX_UNCLAIMED_KEEP says otherwise`, () => {
    expect(loadConfig({}).inboxUnclaimedKeep).toBe(1_000);
    expect(loadConfig({ INBOX_UNCLAIMED_KEEP: '50' }).inboxUnclaimedKeep).toBe(50);
    expect(() => loadConfig({ INBOX_UNCLAIMED_KEEP: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ INBOX_UNCLAIMED_KEEP: 'lots' })).toThrow(
      /INBOX_UNCLAIMED_KEEP must be a whole number/,
    );
  });
});
