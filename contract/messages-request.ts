import { z } from 'zod';
import { TEXT_MODELS } from './models';
import { MessagesParamsSchema } from './text-requests';
import {
  fieldOf,
  notAnObject,
  flag,
  modelField,
  needTools,
  nonEmpty,
  objectSchema,
  offered,
  partError,
  says,
  textField,
  textOrParts,
  toolDescription,
  toolList,
  toolName,
} from './text-schema-kit';
import { quoted } from './quoted';

/*
 * POST /v1/messages (and count_tokens) as the Anthropic client sends it: `system`, `messages`, the
 * scalar parameters (text-requests.ts), `tools` and `tool_choice`. Thinking blocks a client sends
 * back are accepted and skipped; cache_control and other extra fields are ignored.
 */

const TextBlockSchema = z.looseObject({ type: z.literal('text'), text: textField });
const AttachmentBlockSchema = z.looseObject({ type: z.literal(['image', 'document']) });

/** What a tool_result carries: text, or text, image and document blocks; anything else reads as no text. */
const ToolResultContentSchema = z.preprocess(
  (v) => (typeof v === 'string' ? [{ type: 'text', text: v }] : Array.isArray(v) ? v : []),
  z.array(
    z.discriminatedUnion('type', [TextBlockSchema, AttachmentBlockSchema], {
      error: partError(['text', 'image', 'document'], 'a content block object with a "type"'),
    }),
  ),
);

const BlockSchema = z.discriminatedUnion(
  'type',
  [
    TextBlockSchema,
    AttachmentBlockSchema,
    z.looseObject({
      type: z.literal('tool_use'),
      name: nonEmpty('the name of the called tool'),
      id: nonEmpty('the id its tool_result will answer'),
      input: z.unknown().optional(),
    }),
    z.looseObject({
      type: z.literal('tool_result'),
      tool_use_id: nonEmpty('the id of the tool_use it answers'),
      content: ToolResultContentSchema,
    }),
    z.looseObject({ type: z.literal(['thinking', 'redacted_thinking']) }),
  ],
  {
    error: partError(
      ['text', 'image', 'document', 'tool_use', 'tool_result'],
      'a content block object with a "type"',
    ),
  },
);
export type AnthropicBlock = z.output<typeof BlockSchema>;

const AnthropicMessageSchema = z.looseObject(
  {
    role: z.literal(['user', 'assistant'], {
      error: says('must be "user" or "assistant" (put system instructions in the top-level "system" field).'),
    }),
    content: textOrParts(BlockSchema, 'text', 'content blocks'),
  },
  { error: says('must be an object with "role" and "content".') },
);
export type AnthropicMessage = z.output<typeof AnthropicMessageSchema>;

const AnthropicMessagesSchema = z
  .array(AnthropicMessageSchema, { error: 'messages must be an array of messages.' })
  .min(1, 'messages must contain at least one message.');

/** `system`: a string (an empty one is no system prompt) or text blocks. */
const SystemSchema = z.preprocess(
  (v) => (v === '' ? undefined : typeof v === 'string' ? [{ type: 'text', text: v }] : v),
  z
    .array(
      z.discriminatedUnion('type', [TextBlockSchema], {
        error: partError(['text'], 'an object with a "type"'),
      }),
      { error: 'system must be a string or an array of text blocks.' },
    )
    .nullish(),
);

const AnthropicToolSchema = z.looseObject(
  {
    type: z
      .literal('custom', {
        error: (iss) =>
          `${fieldOf(iss)} ${quoted(iss.input)} is not supported by the local server: ` +
          'offer custom tools with an input_schema.',
      })
      .nullish(),
    name: toolName,
    description: toolDescription,
    input_schema: objectSchema("is required: the JSON Schema of the tool's input."),
  },
  { error: says('must be a tool object.') },
);
export type AnthropicTool = z.output<typeof AnthropicToolSchema>;

const parallel = { disable_parallel_tool_use: flag };
const ToolChoiceSchema = z.discriminatedUnion(
  'type',
  [
    z.looseObject({ type: z.literal(['auto', 'any', 'none']), ...parallel }),
    z.looseObject({
      type: z.literal('tool'),
      name: z.string({ error: says('must be the name of an offered tool.') }),
      ...parallel,
    }),
  ],
  {
    error: (iss) =>
      notAnObject(iss)
        ? 'tool_choice must be an object with a "type".'
        : 'tool_choice.type must be "auto", "any", "tool" or "none".',
  },
);

/** The conversation fields count_tokens reads too. */
export const AnthropicConversationSchema = z.looseObject({
  system: SystemSchema,
  messages: AnthropicMessagesSchema,
});

/** POST /v1/messages/count_tokens: the model and the conversation. */
export const CountTokensRequestSchema = z.looseObject({
  model: modelField(TEXT_MODELS.messages, 'POST /v1/messages/count_tokens'),
  ...AnthropicConversationSchema.shape,
});

/** POST /v1/messages: the model first, then max_tokens (required), as the routes always checked them. */
export const MessagesRequestSchema = z
  .looseObject({
    model: modelField(TEXT_MODELS.messages, 'POST /v1/messages'),
    ...MessagesParamsSchema.shape,
    ...AnthropicConversationSchema.shape,
    tools: toolList(AnthropicToolSchema, (t) => t.name),
    tool_choice: ToolChoiceSchema.nullish(),
  })
  .superRefine((body, ctx) => {
    const choice = body.tool_choice;
    needTools(ctx, body.tools, choice?.type === 'any' || choice?.type === 'tool');
    if (body.tools?.length && choice?.type === 'tool') {
      offered(
        ctx,
        body.tools.map((t) => t.name),
        choice.name,
        ['tool_choice', 'name'],
      );
    }
  });
export type MessagesRequest = z.output<typeof MessagesRequestSchema>;
/** What a client sends to POST /v1/messages, as the playground builds it (a type only: no zod in the bundle). */
export type MessagesRequestBody = z.input<typeof MessagesRequestSchema>;
