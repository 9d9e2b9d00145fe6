import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, expect } from 'vitest';
import { DEFAULT_API_KEY } from '../config';
import { makeTestApp, type TestApp } from './helpers';

/*
 * The official clients pointed at a test app, for the tests that prove compatibility: `openai` at
 * `<origin>/v1`, `@anthropic-ai/sdk` at `<origin>`, no retries (a refusal must surface at once, not
 * after backoff). Each client takes the app's in-process `fetch` (its `fetch` option): the client
 * builds, sends and parses real HTTP messages; only the socket is left out (no port).
 */

/** A test app as a client sees it: where it is, how to reach it, and the key it accepts. */
export interface AppOrigin {
  origin: string;
  key: string;
  fetch: typeof fetch;
  test: TestApp;
}

export const appOrigin = (test: TestApp): AppOrigin => ({
  origin: test.origin,
  key: DEFAULT_API_KEY,
  fetch: test.fetch,
  test,
});

export const openaiClient = (live: AppOrigin, apiKey = live.key) =>
  new OpenAI({ baseURL: `${live.origin}/v1`, apiKey, maxRetries: 0, fetch: live.fetch });

// This client version sends the key as a Bearer token; older ones and curl examples use x-api-key.
export const anthropicClient = (live: AppOrigin, apiKey = live.key) =>
  new Anthropic({ baseURL: live.origin, apiKey, maxRetries: 0, fetch: live.fetch });

/**
 * One test app for the calling test file (made before its tests, closed after them) and a client
 * for it. The fields are filled in by `beforeAll`, so read them inside tests.
 */
export function useLiveClient<C>(makeClient: (live: AppOrigin) => C): { live: AppOrigin; client: C } {
  const ctx = {} as { live: AppOrigin; client: C };
  beforeAll(() => {
    ctx.live = appOrigin(makeTestApp({ env: { EMULATOR_SPEED: '1000' } }));
    ctx.client = makeClient(ctx.live);
  });
  afterAll(() => ctx.live.test.close());
  return ctx;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (e: unknown) => e,
  );
}

/** The error the openai client raised, for asserting its class, status and `param`. */
export async function openaiRefusal(
  promise: Promise<unknown>,
): Promise<InstanceType<typeof OpenAI.APIError>> {
  const err = await rejection(promise);
  expect(err).toBeInstanceOf(OpenAI.APIError);
  return err as InstanceType<typeof OpenAI.APIError>;
}

/** The error the Anthropic client raised, in that API's own error shape. */
export async function anthropicRefusal(
  promise: Promise<unknown>,
): Promise<InstanceType<typeof Anthropic.APIError>> {
  const err = await rejection(promise);
  expect(err).toBeInstanceOf(Anthropic.APIError);
  return err as InstanceType<typeof Anthropic.APIError>;
}
