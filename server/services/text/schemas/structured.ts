import { countTokens } from '../tokens';
import type { Turn } from '../writer';

/*
 * Structured output: the reply is JSON text instead of Markdown. `json_schema` replies with a value
 * built from the schema (values the user's message gives for named properties, see
 * schema-example.ts) and validated against it, on a schema worker (prepare-schemas.ts);
 * `json_object` replies with a fixed-shape object that still says what answered.
 */

export type StructuredFormat =
  { kind: 'json_object' } | { kind: 'json_schema'; schema: unknown; param: string };

/** The JSON text of a `json_object` reply to `message`. */
export function jsonObjectText(message: string, turns: readonly Turn[], model: string): string {
  return JSON.stringify({
    reply_to: message.length > 200 ? `${message.slice(0, 199)}…` : message,
    model,
    writer: 'local deterministic writer (not a language model)',
    messages: turns.length,
    tokens: countTokens(message),
  });
}
