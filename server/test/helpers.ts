import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import { createApp } from '../app';
import { DEFAULT_API_KEY, loadConfig, type ServerConfig } from '../config';
import type { AppContext, AppEnv } from '../context';
import { closeContext, createContext } from '../create-context';
import type { GuardHooks } from '../services/outbound/url-guard';

interface TestRequestInit extends RequestInit {
  /** API key sent as a Bearer token; `null` sends no Authorization header. Default `sk-local-dev`. */
  key?: string | null;
  /** Sent as the JSON body with Content-Type: application/json. */
  json?: unknown;
}

export interface TestApp {
  app: Hono<AppEnv>;
  ctx: AppContext;
  config: ServerConfig;
  dataDir: string;
  /** The origin the app believes it is served at; URLs it hands out start with it. */
  origin: string;
  req(path: string, init?: TestRequestInit): Promise<Response>;
  /**
   * `fetch` into the app: a client library given it (openai's, Anthropic's, the AI SDK's `fetch`
   * option) and `origin` as its base URL talks to the app as over HTTP, with no port.
   */
  fetch: typeof fetch;
  close(): Promise<void>;
}

/**
 * A whole server in-process with its own fresh DATA_DIR (unless one is given, e.g. to test a
 * restart), a silent logger and no port: requests go through `app.request()`. Workers are not
 * started; call `startWorkers(ctx)` in tests that need them. Always `await close()`.
 */
export function makeTestApp(
  opts: { env?: Record<string, string>; dataDir?: string; urlGuard?: GuardHooks } = {},
): TestApp {
  const ownsDataDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'media-studio-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, ...opts.env }, process.cwd());
  const ctx = createContext(config, { silent: true, ...(opts.urlGuard ? { urlGuard: opts.urlGuard } : {}) });
  const app = createApp(ctx);
  let closed = false;

  const req = (urlPath: string, init: TestRequestInit = {}) => {
    const { key = DEFAULT_API_KEY, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (key !== null && !headers.has('authorization')) headers.set('authorization', `Bearer ${key}`);
    let body = rest.body;
    if (json !== undefined) {
      body = JSON.stringify(json);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const method = rest.method ?? (body !== undefined && body !== null ? 'POST' : 'GET');
    const url = urlPath.startsWith('http') ? urlPath : `http://localhost${urlPath}`;
    return Promise.resolve(app.request(url, { ...rest, method, headers, body }));
  };

  const close = async () => {
    if (closed) return;
    closed = true;
    await closeContext(ctx);
    if (ownsDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const inProcessFetch: typeof fetch = async (input, init) =>
    app.request(input instanceof Request ? input : String(input), init);

  return { app, ctx, config, dataDir, origin: 'http://localhost', req, fetch: inProcessFetch, close };
}

/**
 * Words of a crash showing through an answer (a stack overflow, a string or heap exhausted), as
 * whole words: the answer's random ids ("trace_…XHeap…") are not crashes.
 */
export const CRASH_WORDS = /\b(call stack|Invalid string length|heap)\b/i;
