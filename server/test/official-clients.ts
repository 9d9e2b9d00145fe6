import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, expect } from 'vitest';
import { startLiveServer, type LiveServer } from './live-server';

/*
 * The official clients pointed at a live test server, for the tests that prove compatibility:
 * `openai` at `<origin>/v1`, `@anthropic-ai/sdk` at `<origin>`, no retries (a refusal must surface
 * at once, not after backoff).
 */

export const openaiClient = (live: LiveServer, apiKey = live.key) =>
  new OpenAI({ baseURL: `${live.origin}/v1`, apiKey, maxRetries: 0 });

// This client version sends the key as a Bearer token; older ones and curl examples use x-api-key.
export const anthropicClient = (live: LiveServer, apiKey = live.key) =>
  new Anthropic({ baseURL: live.origin, apiKey, maxRetries: 0 });

/**
 * One live server for the calling test file (started before its tests, closed after them) and a
 * client for it. The fields are filled in by `beforeAll`, so read them inside tests.
 */
export function useLiveClient<C>(makeClient: (live: LiveServer) => C): { live: LiveServer; client: C } {
  const ctx = {} as { live: LiveServer; client: C };
  beforeAll(async () => {
    ctx.live = await startLiveServer({ env: { EMULATOR_SPEED: '1000' } });
    ctx.client = makeClient(ctx.live);
  });
  afterAll(() => ctx.live.close());
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
