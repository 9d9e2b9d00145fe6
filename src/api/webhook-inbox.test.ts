import { describe, expect, it } from 'vitest';
import { clearInbox, inboxQueryOptions } from '@/api/webhook-inbox';
import { stubFetchForEachTest } from '@/test/fetch-stub';

/* The inbox is read and cleared with the key (decision 282), in the header and never in the URL. */

const fetchMock = stubFetchForEachTest();

function lastCall() {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), method: init?.method, headers: new Headers(init?.headers) };
}

describe('webhook inbox requests', () => {
  it('reads an inbox with the Bearer key in the header, not in the URL', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ object: 'list', data: [{ id: 'whd_1' }] }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    const { queryFn } = inboxQueryOptions('my-test');
    const list = await (queryFn as (c: { signal: AbortSignal }) => Promise<unknown>)({
      signal: new AbortController().signal,
    });
    expect(list).toMatchObject([{ id: 'whd_1' }]);
    const { url, headers } = lastCall();
    expect(url).toBe('http://api.test/webhooks/inbox/my-test');
    expect(headers.get('Authorization')).toBe('Bearer sk-test');
  });

  it('clears an inbox with the key', async () => {
    fetchMock.mockResolvedValue(
      new Response('{"ok":true,"deleted":1}', { headers: { 'content-type': 'application/json' } }),
    );
    await clearInbox('my-test');
    const { url, method, headers } = lastCall();
    expect(method).toBe('DELETE');
    expect(url).not.toContain('sk-test');
    expect(headers.get('Authorization')).toBe('Bearer sk-test');
  });
});
