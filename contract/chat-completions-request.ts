import { z } from 'zod';
import { isRecord } from './is-record';
import { TEXT_MODELS } from './models';
import { ChatCompletionParamsSchema } from './text-requests';
import {
  fieldOf,
  notAnObject,
  flag,
  jsonSchemaFormatFields,
  modelField,
  needTools,
  nonEmpty,
  objectSchema,
  offered,
  partError,
  says,
  sent,
  textField,
  textOrParts,
  toolDescription,
  toolList,
  toolName,
} from './text-schema-kit';

/*
 * POST /v1/chat/completions as the openai client sends it: `messages`, the scalar parameters
 * (text-requests.ts), `tools`, `tool_choice` and `response_format`. Loose objects throughout:
 * fields the local writer does not read (name, audio, logprobs, ...) are accepted and ignored.
 */

const ChatPartSchema = z.discriminatedUnion(
  'type',
  [
    z.looseObject({ type: z.literal('text'), text: textField }),
    z.looseObject({ type: z.literal('refusal'), refusal: textField }),
    z.looseObject({ type: z.literal(['image_url', 'input_audio', 'file']) }),
  ],
  { error: partError(['text', 'image_url', 'input_audio', 'file']) },
);

const content = textOrParts(ChatPartSchema, 'text');

const CALL_SHAPE = 'must be {"id", "type": "function", "function": {"name", "arguments"}}.';
const ChatToolCallSchema = z.looseObject(
  {
    id: nonEmpty('the id the tool result will answer'),
    function: z.looseObject(
      { name: nonEmpty('the name of the called tool'), arguments: z.unknown().optional() },
      { error: says('must be {"name", "arguments"}.') },
    ),
  },
  { error: says(CALL_SHAPE) },
);

const ChatMessageSchema = z.discriminatedUnion(
  'role',
  [
    z.looseObject({ role: z.literal(['system', 'developer', 'user', 'function']), content }),
    z.looseObject({
      role: z.literal('tool'),
      tool_call_id: z.string({
        error: says('is required for a tool message: the id of the call it answers.'),
      }),
      content,
    }),
    z.looseObject({
      role: z.literal('assistant'),
      content,
      tool_calls: z.array(ChatToolCallSchema, { error: says('must be an array of tool calls.') }).nullish(),
    }),
  ],
  {
    error: (iss) =>
      notAnObject(iss)
        ? `${fieldOf(iss)} must be an object with "role" and "content".`
        : `${fieldOf(iss)} must be a non-empty string, e.g. "system", "developer", "user", "assistant", "tool"` +
          `${sent(isRecord(iss.input) ? iss.input.role : undefined)}.`,
  },
);

const KNOWN_ROLES = new Set(['system', 'developer', 'user', 'function', 'tool', 'assistant']);

/**
 * The specification's message `role` is a string, no list: a role this server does not know
 * (`narrator`, `critic`) is read as context, like a developer message, and kept as `sent_role`
 * (issue 44). An assistant message that only calls tools may leave `content` out or null: it is
 * no text.
 */
function callsWithoutText(m: unknown): unknown {
  if (isRecord(m) && typeof m.role === 'string' && m.role !== '' && !KNOWN_ROLES.has(m.role))
    return { ...m, role: 'developer', sent_role: m.role };
  if (!isRecord(m) || m.role !== 'assistant' || (m.content !== null && m.content !== undefined)) return m;
  const calls = (Array.isArray(m.tool_calls) && m.tool_calls.length > 0) || Boolean(m.function_call);
  return calls ? { ...m, content: [] } : m;
}

export const ChatMessagesSchema = z
  .array(z.preprocess(callsWithoutText, ChatMessageSchema), {
    error: 'messages must be an array of messages.',
  })
  .min(1, 'messages must contain at least one message.');
export type ChatMessage = z.output<typeof ChatMessageSchema>;

const ChatToolSchema = z.looseObject(
  {
    type: z.literal('function', { error: says('must be "function".') }),
    function: z.looseObject(
      { name: toolName, description: toolDescription, parameters: objectSchema().nullish() },
      { error: says('must be {"name", "description", "parameters"}.') },
    ),
  },
  { error: says('must be {"type": "function", "function": {"name", "description", "parameters"}}.') },
);
export type ChatTool = z.output<typeof ChatToolSchema>;

const ChatToolChoiceSchema = z.union(
  [
    z.literal(['none', 'auto', 'required']),
    z.looseObject({ type: z.literal('function'), function: z.looseObject({ name: z.string() }) }),
  ],
  {
    error: 'tool_choice must be "none", "auto", "required" or {"type": "function", "function": {"name"}}.',
  },
);

const ChatResponseFormatSchema = z.discriminatedUnion(
  'type',
  [
    z.looseObject({ type: z.literal(['text', 'json_object']) }),
    z.looseObject({
      type: z.literal('json_schema'),
      json_schema: z.looseObject(jsonSchemaFormatFields, {
        error: says('must be {"name", "schema", "strict"}.'),
      }),
    }),
  ],
  { error: partError(['text', 'json_object', 'json_schema']) },
);

export const ChatCompletionRequestSchema = z
  .looseObject({
    model: modelField(TEXT_MODELS.chat, 'POST /v1/chat/completions'),
    messages: ChatMessagesSchema,
    ...ChatCompletionParamsSchema.shape,
    tools: toolList(ChatToolSchema, (t) => t.function.name),
    tool_choice: ChatToolChoiceSchema.nullish(),
    parallel_tool_calls: flag,
    response_format: ChatResponseFormatSchema.nullish(),
  })
  .superRefine((body, ctx) => {
    if (body.stream_options && !body.stream) {
      ctx.addIssue({
        code: 'custom',
        path: ['stream_options'],
        message: 'stream_options is only allowed when stream is true.',
      });
    }
    const choice = body.tool_choice;
    const named = typeof choice === 'object' && choice !== null ? choice : undefined;
    needTools(ctx, body.tools, choice === 'required' || named !== undefined);
    if (body.tools?.length && named) {
      const names = body.tools.map((t) => t.function.name);
      offered(ctx, names, named.function.name, ['tool_choice', 'function', 'name']);
    }
  });
export type ChatCompletionRequest = z.output<typeof ChatCompletionRequestSchema>;
/** What a client sends to POST /v1/chat/completions, as the playground builds it (a type only: no zod in the bundle). */
export type ChatCompletionRequestBody = z.input<typeof ChatCompletionRequestSchema>;
