import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import { runAsMediaWork } from '../media/ffmpeg-pool';

/**
 * Runs the rest of an authenticated request as media work of its key (decision 356): every ffmpeg
 * or ffprobe it starts (a last frame, a probe at creation, speech) takes a slot of the shared
 * pool in the key's turn, waits at most `waitMs` for it, and counts toward the key's queue bound;
 * past either the caller gets 503 or 429 with Retry-After instead of a hang.
 */
export function mediaWork(waitMs: number): MiddlewareHandler<AppEnv> {
  return (c, next) => runAsMediaWork({ owner: c.var.owner, waitMs }, next);
}
