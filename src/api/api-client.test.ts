import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ApiRequestError, apiRequest, buildUrl, INVALID_RESPONSE_TYPE } from '@/api/api-client';
import { json as jsonResponse } from '@/test/fetch-mock';
import { stubFetchForEachTest } from '@/test/fetch-stub';

const fetchMock = stubFetchForEachTest();

function lastCall() {
  const call = fetchMock.mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [url, init] = call;
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
}

describe('apiRequest', () => {
  it('sends the Bearer key from the connection store to the base URL', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ ok: true }));
    await expect(apiRequest('/v1/assets')).resolves.toEqual({ ok: true });
    const { url, init, headers } = lastCall();
    expect(url).toBe('http://api.test/v1/assets');
    expect(init.method).toBe('GET');
    expect(headers.get('Authorization')).toBe('Bearer sk-test');
  });

  it('never puts the key in the URL and omits the header when anonymous', async () => {
    fetchMock.mockResolvedValue(jsonResponse({}));
    await apiRequest('/bootstrap', { anonymous: true });
    const { url, headers } = lastCall();
    expect(url).not.toContain('sk-test');
    expect(headers.has('Authorization')).toBe(false);
  });

  it('builds query strings, skipping empty values', async () => {
    fetchMock.mockResolvedValue(jsonResponse({}));
    await apiRequest('/v1/assets', {
      query: { group_id: 'grp 1', page: 2, ready: true, type: undefined, status: null, q: '' },
    });
    expect(lastCall().url).toBe('http://api.test/v1/assets?group_id=grp+1&page=2&ready=true');
    expect(buildUrl('', '/v1/x')).toBe('/v1/x');
    expect(buildUrl('http://h/', 'v1/x')).toBe('http://h/v1/x');
  });

  it('sends JSON bodies with a content type and POST by default', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 'grp_1' }, 201));
    await apiRequest('/v1/asset-groups', { json: { name: 'A' } });
    const { init, headers } = lastCall();
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"name":"A"}');
  });

  it('sends FormData without a hand-written content type (the browser adds the boundary)', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ id: 'asset_1' }));
    const form = new FormData();
    form.append('type', 'image');
    await apiRequest('/v1/assets/uploads', { formData: form });
    const { init, headers } = lastCall();
    expect(init.body).toBe(form);
    expect(headers.has('Content-Type')).toBe(false);
  });

  it('runs the parser on the JSON and reports a parse failure as an invalid response', async () => {
    const schema = z.object({ id: z.string() });
    fetchMock.mockResolvedValueOnce(jsonResponse({ id: 'a' }));
    await expect(apiRequest('/x', {}, (d) => schema.parse(d))).resolves.toEqual({ id: 'a' });
    fetchMock.mockResolvedValueOnce(jsonResponse({ nope: 1 }));
    const error = await apiRequest('/x', {}, (d) => schema.parse(d)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).info.type).toBe(INVALID_RESPONSE_TYPE);
  });

  it('treats an HTML 200 as an invalid response, not as data', async () => {
    fetchMock.mockResolvedValue(new Response('<!doctype html><html></html>', { status: 200 }));
    const error = (await apiRequest('/v1/assets').catch((e: unknown) => e)) as ApiRequestError;
    expect(error.info.type).toBe(INVALID_RESPONSE_TYPE);
    expect(error.status).toBe(200);
  });

  it('normalises the error envelope: status, code, request and trace ids', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(
        {
          error: { message: 'Bad key', type: 'authentication_error', code: 'invalid_api_key' },
          request_id: 'req_body',
          trace_id: 'trace_1',
        },
        401,
        { 'X-Request-Id': 'req_header' },
      ),
    );
    const error = (await apiRequest('/v1/assets').catch((e: unknown) => e)) as ApiRequestError;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.message).toBe('Bad key');
    expect(error.status).toBe(401);
    expect(error.code).toBe('invalid_api_key');
    expect(error.requestId).toBe('req_body');
    expect(error.traceId).toBe('trace_1');
    expect(error.isNetworkError).toBe(false);
  });

  it('keeps the raw text of a non-JSON error and the request id from the header', async () => {
    fetchMock.mockResolvedValue(
      new Response('upstream exploded', { status: 502, headers: { 'X-Request-Id': 'req_h' } }),
    );
    const error = (await apiRequest('/v1/assets').catch((e: unknown) => e)) as ApiRequestError;
    expect(error.message).toBe('upstream exploded');
    expect(error.status).toBe(502);
    expect(error.requestId).toBe('req_h');
  });

  it('falls back to the status for an empty error body', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 503 }));
    const error = (await apiRequest('/v1/assets').catch((e: unknown) => e)) as ApiRequestError;
    expect(error.message).toBe('HTTP 503 Service Unavailable');
  });

  it('turns a failed fetch into a network ApiRequestError', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = (await apiRequest('/v1/assets').catch((e: unknown) => e)) as ApiRequestError;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.isNetworkError).toBe(true);
    expect(error.status).toBe(0);
    expect(error.message).toContain('http://api.test');
  });

  it('passes the AbortSignal to fetch and rejects with the abort reason, not a network error', async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = apiRequest('/v1/assets', { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ApiRequestError);
    expect((error as DOMException).name).toBe('AbortError');
    expect(lastCall().init.signal).toBe(controller.signal);
  });

  it('uses an explicit connection instead of the saved one', async () => {
    fetchMock.mockResolvedValue(jsonResponse({}));
    await apiRequest('/v1/assets', { connection: { baseUrl: 'http://other.test/', apiKey: 'sk-draft' } });
    expect(lastCall().url).toBe('http://other.test/v1/assets');
    expect(lastCall().headers.get('Authorization')).toBe('Bearer sk-draft');
  });
});

describe('upload progress (XMLHttpRequest)', () => {
  class FakeXhr {
    static last: FakeXhr | undefined;
    method = '';
    url = '';
    headers: Record<string, string> = {};
    body: unknown;
    status = 0;
    responseText = '';
    responseHeaders: Record<string, string> = {};
    upload: {
      onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    aborted = false;
    constructor() {
      FakeXhr.last = this;
    }
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader(name: string) {
      return this.responseHeaders[name.toLowerCase()] ?? null;
    }
    send(body: unknown) {
      this.body = body;
    }
    abort() {
      this.aborted = true;
      this.onabort?.();
    }
    respond(status: number, text: string, headers: Record<string, string> = {}) {
      this.status = status;
      this.responseText = text;
      this.responseHeaders = headers;
      this.onload?.();
    }
  }

  beforeEach(() => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });

  it('reports progress, sends the key and resolves with the parsed body', async () => {
    const progress = vi.fn();
    const form = new FormData();
    form.append('file', new Blob(['abc']), 'a.png');
    const pending = apiRequest('/v1/assets/uploads', { formData: form, onUploadProgress: progress });
    const xhr = FakeXhr.last!;
    expect(fetchMock).not.toHaveBeenCalled();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('http://api.test/v1/assets/uploads');
    expect(xhr.headers.Authorization).toBe('Bearer sk-test');
    expect(xhr.headers['Content-Type']).toBeUndefined();
    xhr.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true });
    xhr.upload.onprogress?.({ loaded: 100, total: 100, lengthComputable: true });
    xhr.respond(200, '{"asset_id":"asset_1"}');
    await expect(pending).resolves.toEqual({ asset_id: 'asset_1' });
    expect(progress).toHaveBeenNthCalledWith(1, { loaded: 50, total: 100 });
    expect(progress).toHaveBeenNthCalledWith(2, { loaded: 100, total: 100 });
  });

  it('normalises XHR errors like fetch errors', async () => {
    const pending = apiRequest('/v1/assets/uploads', {
      formData: new FormData(),
      onUploadProgress: () => {},
    });
    FakeXhr.last!.respond(413, '{"error":{"message":"Too large","type":"invalid_request_error"}}', {
      'x-request-id': 'req_x',
    });
    const error = (await pending.catch((e: unknown) => e)) as ApiRequestError;
    expect(error.status).toBe(413);
    expect(error.message).toBe('Too large');
    expect(error.requestId).toBe('req_x');

    const failing = apiRequest('/v1/assets/uploads', {
      formData: new FormData(),
      onUploadProgress: () => {},
    });
    FakeXhr.last!.onerror?.();
    expect(((await failing.catch((e: unknown) => e)) as ApiRequestError).isNetworkError).toBe(true);
  });

  it('aborts the XHR when the signal fires', async () => {
    const controller = new AbortController();
    const pending = apiRequest('/v1/assets/uploads', {
      formData: new FormData(),
      onUploadProgress: () => {},
      signal: controller.signal,
    });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(FakeXhr.last!.aborted).toBe(true);
    expect((error as DOMException).name).toBe('AbortError');
  });
});
