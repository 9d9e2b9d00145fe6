import type { ChatFormat } from '@/api/text-events';
import type { ChatCompletionRequestBody } from '@contract/chat-completions-request';
import { isRecord } from '@contract/is-record';
import type { MessagesRequestBody } from '@contract/messages-request';
import type { ResponsesRequestBody } from '@contract/responses-request';
import type { ChatMessage, ChatSettings } from '@/features/playground/chat/chat-store';

/*
 * Tools and structured output in each format's request: the tools the person typed (one neutral
 * list of {name, description, parameters}) as Chat Completions, Responses or Messages tools, the
 * JSON-output switch as response_format / text.format, and the conversation's tool calls and
 * results as each format carries them.
 */

/** A type, not an interface: it goes into the contract's loose tool objects as it is. */
export type ToolDefinition = {
  name: string;
  description?: string;
  parameters: Record<string, unknown>;
};

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/** The tools editor's text: a JSON array of tools, each with a name and a parameters object. */
export function parseTools(text: string): Parsed<ToolDefinition[]> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
  if (!Array.isArray(value)) return { ok: false, error: 'not-array' };
  for (const tool of value) {
    if (!isRecord(tool) || typeof tool.name !== 'string' || !isRecord(tool.parameters)) {
      return { ok: false, error: 'tool-shape' };
    }
  }
  return { ok: true, value: value as ToolDefinition[] };
}

/** The schema editor's text: empty means plain JSON (json_object), else a JSON Schema object. */
export function parseSchema(text: string): Parsed<Record<string, unknown> | undefined> {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? { ok: true, value } : { ok: false, error: 'not-object' };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

/** The tools the settings offer: none while the switch is off or the editor's text is invalid. */
function offeredTools(settings: ChatSettings): ToolDefinition[] {
  const tools = settings.toolsOn ? parseTools(settings.tools ?? '') : undefined;
  return tools?.ok ? tools.value : [];
}

/** JSON output as asked: undefined when off or the schema is invalid; no schema means plain JSON. */
function jsonOutput(settings: ChatSettings): { schema?: Record<string, unknown> } | undefined {
  const parsed = settings.jsonOutput ? parseSchema(settings.jsonSchema ?? '') : undefined;
  if (!parsed?.ok) return undefined;
  return parsed.value ? { schema: parsed.value } : {};
}

/*
 * Each format's fields are typed by the contract's request schema (z.input, imported as a type:
 * the browser bundle takes no zod for it), so a field of the wrong shape fails the type check.
 */
type ChatAgentFields = Pick<ChatCompletionRequestBody, 'tools' | 'response_format'>;
type ResponsesAgentFields = Pick<ResponsesRequestBody, 'tools' | 'text'>;
type MessagesAgentFields = Pick<MessagesRequestBody, 'tools'>;

export function chatAgentFields(settings: ChatSettings): ChatAgentFields {
  const tools = offeredTools(settings);
  const json = jsonOutput(settings);
  const out: ChatAgentFields = {};
  if (tools.length > 0) out.tools = tools.map((t) => ({ type: 'function', function: t }));
  if (json) {
    out.response_format = json.schema
      ? { type: 'json_schema', json_schema: { name: 'reply', strict: true, schema: json.schema } }
      : { type: 'json_object' };
  }
  return out;
}

export function responsesAgentFields(settings: ChatSettings): ResponsesAgentFields {
  const tools = offeredTools(settings);
  const json = jsonOutput(settings);
  const out: ResponsesAgentFields = {};
  if (tools.length > 0) out.tools = tools.map((t) => ({ type: 'function', ...t }));
  if (json) {
    out.text = {
      format: json.schema
        ? { type: 'json_schema', name: 'reply', strict: true, schema: json.schema }
        : { type: 'json_object' },
    };
  }
  return out;
}

/** Messages has no JSON-output switch of its own: only the tools. */
export function messagesAgentFields(settings: ChatSettings): MessagesAgentFields {
  const tools = offeredTools(settings);
  if (tools.length === 0) return {};
  return { tools: tools.map(({ parameters, ...rest }) => ({ ...rest, input_schema: parameters })) };
}

/** Request fields for the tools and JSON output the settings switch on; invalid editors add nothing. */
export function agentFields(
  settings: ChatSettings,
): ChatAgentFields | ResponsesAgentFields | MessagesAgentFields {
  if (settings.format === 'chat') return chatAgentFields(settings);
  if (settings.format === 'responses') return responsesAgentFields(settings);
  return messagesAgentFields(settings);
}

type Turn = Pick<ChatMessage, 'role' | 'content' | 'toolCalls'>;

/** One message as the format's turns: an assistant's tool calls, then the results typed for them. */
export function formatTurns(format: ChatFormat, m: Turn): unknown[] {
  const calls = m.role === 'assistant' ? (m.toolCalls ?? []) : [];
  if (calls.length === 0) return [{ role: m.role, content: m.content }];
  const answered = calls.filter((c) => c.result !== undefined);
  if (format === 'chat') {
    return [
      {
        role: 'assistant',
        content: m.content || null,
        tool_calls: calls.map((c) => ({
          id: c.id,
          type: 'function',
          function: { name: c.name, arguments: c.arguments },
        })),
      },
      ...answered.map((c) => ({ role: 'tool', tool_call_id: c.id, content: c.result })),
    ];
  }
  if (format === 'responses') {
    return [
      ...(m.content ? [{ role: 'assistant', content: m.content }] : []),
      ...calls.map((c) => ({ type: 'function_call', call_id: c.id, name: c.name, arguments: c.arguments })),
      ...answered.map((c) => ({ type: 'function_call_output', call_id: c.id, output: c.result })),
    ];
  }
  const input = (args: string): unknown => {
    try {
      return JSON.parse(args);
    } catch {
      return {};
    }
  };
  return [
    {
      role: 'assistant',
      content: [
        ...(m.content ? [{ type: 'text', text: m.content }] : []),
        ...calls.map((c) => ({ type: 'tool_use', id: c.id, name: c.name, input: input(c.arguments) })),
      ],
    },
    ...(answered.length > 0
      ? [
          {
            role: 'user',
            content: answered.map((c) => ({ type: 'tool_result', tool_use_id: c.id, content: c.result })),
          },
        ]
      : []),
  ];
}

/** Two ready examples for the tools editor. */
export const TOOL_EXAMPLES: Record<'weather' | 'calendar', ToolDefinition[]> = {
  weather: [
    {
      name: 'get_weather',
      description: 'Current weather for a city',
      parameters: {
        type: 'object',
        properties: {
          city: { type: 'string', description: 'City name' },
          unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        },
        required: ['city', 'unit'],
        additionalProperties: false,
      },
    },
  ],
  calendar: [
    {
      name: 'create_event',
      description: 'Create a calendar event with attendees',
      parameters: {
        type: 'object',
        properties: {
          title: { type: 'string' },
          start: { type: 'string', format: 'date-time' },
          minutes: { type: 'integer', minimum: 15, maximum: 480 },
          attendees: { type: 'array', items: { type: 'string', format: 'email' }, minItems: 1 },
        },
        required: ['title', 'start', 'minutes', 'attendees'],
      },
    },
    {
      name: 'find_free_time',
      description: 'Find free time in the calendar on a date',
      parameters: {
        type: 'object',
        properties: { date: { type: 'string', format: 'date' } },
        required: ['date'],
      },
    },
  ],
};

export const SCHEMA_EXAMPLE = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    rating: { type: 'integer', minimum: 1, maximum: 5 },
  },
  required: ['title', 'tags', 'rating'],
  additionalProperties: false,
};
