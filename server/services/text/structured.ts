import { exampleFor } from './schema-example';
import { countTokens } from './tokens';
import type { Turn } from './writer';

/*
 * Structured output: the reply is JSON text instead of Markdown. `json_schema` replies with a value
 * built from the schema (values the user's message gives for named properties, see
 * schema-example.ts) and validated against it; `json_object` replies with a fixed-shape object that
 * still says what answered.
 */

export type StructuredFormat =
  { kind: 'json_object' } | { kind: 'json_schema'; schema: unknown; param: string };

function lastUserText(turns: readonly Turn[]): string {
  for (let i = turns.length - 1; i >= 0; i--) if (turns[i]!.role === 'user') return turns[i]!.text;
  return '';
}

/** The JSON text of the reply. Refuses (400) a schema it cannot satisfy before anything is sent. */
export function structuredText(format: StructuredFormat, turns: readonly Turn[], model: string): string {
  const message = lastUserText(turns);
  if (format.kind === 'json_schema') return JSON.stringify(exampleFor(format.schema, format.param, message));
  return JSON.stringify({
    reply_to: message.length > 200 ? `${message.slice(0, 199)}…` : message,
    model,
    writer: 'local deterministic writer (not a language model)',
    messages: turns.length,
    tokens: countTokens(message),
  });
}
