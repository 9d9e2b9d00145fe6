import type { Context } from 'hono';
import type { DoubleAsset, DoubleGroup, DoubleTask } from '../spec-deployment-data';
import type { DeploymentStyle, Draws, Fault } from '../spec-deployment-shapes';

/** The state one deployment double's handler modules share (assets.ts, groups.ts, tasks.ts, text.ts). */
export interface DoubleContext {
  draws: Draws;
  style: DeploymentStyle;
  /** The default group's id as this deployment names it (drawn: the specification never says). */
  defaultGroup: string;
  fixtureOrigin: string;
  /** Where uploads are written, and the origin that serves them (set once its listener is up). */
  mediaDir: string;
  mediaOrigin: () => string;
  assets: DoubleAsset[];
  groups: DoubleGroup[];
  tasks: Map<string, DoubleTask>;
  /** Faults sent so far, in order, with where they were sent. */
  faults: Array<{ where: 'poll' | 'list' | 'create'; status: number }>;
  created: Array<{ path: string; body: Record<string, unknown> }>;
  registeredFor: Array<{ url: string; model?: string }>;
  /** Paths of the image service's queries answered (`<prefix>/task/{id}/fetch`), in order. */
  imageFetches: string[];
  pageCap: number;
  /** A fresh number for ids. */
  next: () => number;
}

export function errorEnvelope(message: string, type: string) {
  return { error: { message, type } };
}

/** A refusal of what the specification marks required or bounds: 400 with the envelope. */
export function badRequest(c: Context, message: string): Response {
  return c.json(errorEnvelope(message, 'invalid_request_error'), 400);
}

export function pageOf<T>(ctx: DoubleContext, c: Context, rows: T[]) {
  const page = Math.max(1, Number(c.req.query('page')) || 1);
  const size = Math.min(ctx.pageCap, Math.max(1, Number(c.req.query('page_size')) || 20));
  const data = rows.slice((page - 1) * size, page * size);
  return { page, size, data, total: rows.length };
}

const FAULT_MESSAGES = {
  402: ['quota exceeded: the account has no credit left', 'insufficient_quota'],
  429: ['rate limited: slow down', 'rate_limit_error'],
  503: ['service temporarily unavailable', 'server_error'],
} as const;

/**
 * A fault's answer: the error envelope, one without `error.message`, an empty body, or a body that
 * is not JSON (errors rule 1: a client falls back to the status or the raw text).
 */
export function faultAnswer(
  ctx: DoubleContext,
  c: Context,
  fault: Fault,
  where: DoubleContext['faults'][number]['where'],
): Response {
  ctx.faults.push({ where, status: fault.status });
  const headers: Record<string, string> = {};
  if (fault.status === 429) {
    // An HTTP-date has a resolution of one second: two from now is at least one.
    headers['Retry-After'] =
      fault.retryAfter === 'http-date' ? new Date(Date.now() + 2_000).toUTCString() : '1';
  }
  const [message, type] = FAULT_MESSAGES[fault.status];
  switch (fault.body) {
    case 'json':
      return c.json(errorEnvelope(message, type), fault.status, headers);
    case 'no-message':
      return c.json({ error: { type } }, fault.status, headers);
    case 'empty':
      return c.body(null, fault.status, headers);
    case 'html':
      return c.html(
        `<html><body><h1>${fault.status}</h1><p>${message}</p></body></html>`,
        fault.status,
        headers,
      );
    default:
      return c.text(message, fault.status, headers);
  }
}

/** Specification, Endpoints: JSON bodies with `Content-Type: application/json` unless multipart is stated. */
export async function jsonBody(c: Context): Promise<Record<string, unknown> | Response> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!/^application\/([\w.+-]+\+)?json\b/.test(type))
    return badRequest(c, `Content-Type must be application/json, got "${type || 'none'}"`);
  const json = await c.req.json<unknown>().catch(() => undefined);
  if (!json || typeof json !== 'object' || Array.isArray(json))
    return badRequest(c, 'body must be a JSON object');
  return json as Record<string, unknown>;
}
