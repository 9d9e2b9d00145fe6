import { z } from 'zod';
import { isRecord } from './is-record';
import { TEXT_MODELS } from './models';
import { ResponsesParamsSchema } from './text-requests';
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
  textField,
  textOrParts,
  toolDescription,
  toolList,
  toolName,
} from './text-schema-kit';
import { quoted } from './quoted';

/*
 * POST /v1/responses (and /v1/responses/compact): `input` as a string or input items, the scalar
 * parameters (text-requests.ts), `tools`, `tool_choice` and `text.format`. Items the writer cannot
 * use but clients send back (reasoning, item references) are accepted and skipped.
 */

const ResponsesPartSchema = z.discriminatedUnion(
  'type',
  [
    z.looseObject({ type: z.literal(['input_text', 'output_text']), text: textField }),
    z.looseObject({ type: z.literal('refusal'), refusal: textField }),
    z.looseObject({ type: z.literal(['input_image', 'input_file', 'input_audio']) }),
  ],
  { error: partError(['input_text', 'output_text', 'input_image', 'input_file', 'input_audio']) },
);

const ITEM_TYPES =
  'send messages ("type": "message"), function_call, function_call_output or compaction items.';

const InputItemSchema = z.discriminatedUnion(
  'type',
  [
    z.looseObject({
      type: z.literal('message'),
      role: z.literal(['user', 'assistant', 'system', 'developer'], {
        error: says('must be one of "user", "assistant", "system", "developer".'),
      }),
      content: textOrParts(ResponsesPartSchema, 'input_text'),
    }),
    z.looseObject({
      type: z.literal(['function_call_output', 'custom_tool_call_output']),
      call_id: nonEmpty('the call_id of the function_call it answers'),
      output: z.unknown().optional(),
    }),
    z.looseObject({
      type: z.literal(['function_call', 'custom_tool_call']),
      name: nonEmpty('the name of the called tool'),
      call_id: nonEmpty('the id its function_call_output will answer'),
      // function_call carries `arguments`, custom_tool_call `input`: the server reads whichever is text.
      arguments: z.unknown().optional(),
      input: z.unknown().optional(),
    }),
    z.looseObject({
      type: z.literal('compaction'),
      encrypted_content: z.string({ error: says('must be the string a compaction returned.') }),
    }),
    z.looseObject({ type: z.literal(['reasoning', 'item_reference']) }),
  ],
  {
    error: (iss) => {
      if (notAnObject(iss)) {
        return `${fieldOf(iss)} must be an object (a message or another input item).`;
      }
      const type = isRecord(iss.input) ? iss.input.type : undefined;
      return `${fieldOf(iss)} ${quoted(type)} is not supported here: ${ITEM_TYPES}`;
    },
  },
);
export type ResponsesInputItem = z.output<typeof InputItemSchema>;

/** An item without a type is a message, as in the hosted API. */
const typed = (item: unknown) =>
  isRecord(item) && (item.type === undefined || item.type === null) ? { ...item, type: 'message' } : item;

/** A string is one user message; an empty one is refused rather than answered. */
export const ResponsesInputSchema = z.preprocess(
  (v, ctx) => {
    if (typeof v !== 'string') return v;
    if (v.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        message: 'input must not be empty: send the text or items to respond to.',
        input: v,
      });
    }
    return [{ type: 'message', role: 'user', content: v }];
  },
  z
    .array(z.preprocess(typed, InputItemSchema), {
      error: 'input must be a string or an array of input items.',
    })
    .min(1, 'input must contain at least one input item.'),
);

const ResponsesToolSchema = z.looseObject(
  {
    type: z.literal('function', {
      error: (iss) =>
        `${fieldOf(iss)} ${quoted(iss.input)} is not supported by the local server: offer function tools.`,
    }),
    name: toolName,
    description: toolDescription,
    parameters: objectSchema().nullish(),
  },
  { error: says('must be a tool object.') },
);
export type ResponsesTool = z.output<typeof ResponsesToolSchema>;

const ResponsesToolChoiceSchema = z.union(
  [z.literal(['none', 'auto', 'required']), z.looseObject({ type: z.literal('function'), name: z.string() })],
  { error: 'tool_choice must be "none", "auto", "required" or {"type": "function", "name"}.' },
);

const TextFormatSchema = z.discriminatedUnion(
  'type',
  [
    z.looseObject({ type: z.literal(['text', 'json_object']) }),
    z.looseObject({ type: z.literal('json_schema'), ...jsonSchemaFormatFields }),
  ],
  { error: partError(['text', 'json_object', 'json_schema']) },
);

/** One schema per endpoint, since the model's refusal names the endpoint that made it. */
const responsesRequestSchema = (endpoint: string) =>
  z
    .looseObject({
      model: modelField(TEXT_MODELS.chat, endpoint),
      input: ResponsesInputSchema.nullish(),
      conversation: z
        .null({
          error:
            'conversation is not supported by the local server: chain responses with previous_response_id.',
        })
        .optional(),
      ...ResponsesParamsSchema.shape,
      tools: toolList(ResponsesToolSchema, (t) => t.name),
      tool_choice: ResponsesToolChoiceSchema.nullish(),
      parallel_tool_calls: flag,
      text: z
        .looseObject(
          { format: TextFormatSchema.nullish() },
          { error: 'text must be an object such as {"format": {"type": "text"}}.' },
        )
        .nullish(),
    })
    .superRefine((body, ctx) => {
      const choice = body.tool_choice;
      const named = typeof choice === 'object' && choice !== null ? choice : undefined;
      needTools(ctx, body.tools, choice === 'required' || named !== undefined);
      if (body.tools?.length && named) {
        offered(
          ctx,
          body.tools.map((t) => t.name),
          named.name,
          ['tool_choice', 'name'],
        );
      }
    });

export const ResponsesRequestSchema = responsesRequestSchema('POST /v1/responses');
/** POST /v1/responses/compact: the same fields (a conversation to compact) under its own name. */
export const CompactRequestSchema = responsesRequestSchema('POST /v1/responses/compact');
export type ResponsesRequest = z.output<typeof ResponsesRequestSchema>;
/** What a client sends to POST /v1/responses, as the playground builds it (a type only: no zod in the bundle). */
export type ResponsesRequestBody = z.input<typeof ResponsesRequestSchema>;

const LIMIT = 'limit must be a whole number from 1 to 100.';

/**
 * GET /v1/responses/{id}/input_items: the hosted API's paging (`limit` 1-100, default 20). An empty
 * `limit=` is not given, as every empty query parameter is (validQuery), so it takes the default
 * like `page=` and `page_size=` on the other lists.
 */
export const InputItemsQuerySchema = z.looseObject({
  limit: z.preprocess(
    (v) => (v === undefined ? 20 : Number(v)),
    z.number({ error: LIMIT }).int(LIMIT).min(1, LIMIT).max(100, LIMIT),
  ),
  order: z.enum(['asc', 'desc'], { error: 'order must be "asc" or "desc".' }).default('desc'),
  after: z.string().optional(),
});
export type InputItemsQuery = z.output<typeof InputItemsQuerySchema>;
