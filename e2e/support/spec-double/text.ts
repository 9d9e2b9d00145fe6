import type { Hono } from 'hono';
import { badRequest, jsonBody, type DoubleContext } from './context';

const WORDS = ['Hello', ' from', ' a', ' deployment', ' double.'];

/** Chat completions, plain or streamed: `model` and `messages` are the known body. */
export function textRoutes(api: Hono, _ctx: DoubleContext) {
  api.post('/v1/chat/completions', async (c) => {
    const json = await jsonBody(c);
    if (json instanceof Response) return json;
    if (!Array.isArray(json.messages)) return badRequest(c, 'messages must be an array of {role, content}');
    if (json.stream !== true)
      return c.json({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 1,
        model: json.model,
        choices: [
          { index: 0, message: { role: 'assistant', content: WORDS.join('') }, finish_reason: 'stop' },
        ],
      });
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: json.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const text =
      WORDS.map((w, i) => chunk(i === 0 ? { role: 'assistant', content: w } : { content: w }, null)).join(
        '',
      ) +
      chunk({}, 'stop') +
      'data: [DONE]\n\n';
    return c.body(text, 200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  });
}
