import type { Frame } from './paced-stream';

/**
 * What a text endpoint answers, whatever its format: a JSON body, or an SSE body whose frames the
 * format's service wrote (chat-completion-reply.ts, messages-reply.ts, responses-reply.ts) and
 * pacedStream sends at the model's pace. The routes turn it into a Response (routes/text/answer.ts),
 * so that the services know no HTTP framework.
 */
export type TextReply =
  | { json: object; headers?: Record<string, string> }
  | { stream: StreamedReply; headers?: Record<string, string> };

export interface StreamedReply {
  /** The generation's id, as liveGenerations shows it. */
  id: string;
  frames: Iterable<Frame>;
  /** The tokens the frames carry, for the live generation's progress. */
  totalTokens: number;
  /** `/bench`: as fast as the socket takes them. */
  fast: boolean;
  /** Runs once the stream ends: true when every frame went out, false when the client left. */
  onEnd?: (completed: boolean) => void;
}
