import type { Context } from 'hono';
import type { AppContext, AppEnv } from '../../context';
import { json } from '../../http';
import { pacedStream, SSE_HEADERS } from '../../services/text/paced-stream';
import type { TextReply } from '../../services/text/reply';

/**
 * A text service's reply as the HTTP answer: a JSON body (with request_id and trace_id), or the
 * SSE body paced by the emulator's clock and abandoned as soon as the client goes away.
 */
export function answer(
  c: Context<AppEnv>,
  ctx: AppContext,
  reply: TextReply,
  headers: Record<string, string> = {},
): Response {
  if ('json' in reply) return json(c, reply.json, 200, { ...headers, ...reply.headers });
  const body = pacedStream(ctx, { ...reply.stream, signal: c.req.raw.signal });
  return c.body(body, 200, { ...SSE_HEADERS, ...headers, ...reply.headers });
}
