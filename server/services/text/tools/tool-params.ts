import type { ChatCompletionRequest } from '@contract/chat-completions-request';
import type { MessagesRequest } from '@contract/messages-request';
import type { ResponsesRequest } from '@contract/responses-request';
import type { StructuredFormat } from '../schemas/structured';
import { toolSpec, type ToolChoice, type ToolSpec } from './tools';

/*
 * `tools`, `tool_choice` and the structured-output fields of the three formats, read into one
 * shape. The contract schemas checked their shapes, unique names and that a named choice is
 * offered; each JSON Schema is compiled by Ajv on a schema worker (prepare-schemas.ts).
 */

export interface ToolRequest {
  tools: ToolSpec[];
  choice: ToolChoice;
}

type Mode = 'none' | 'auto' | 'required';

function choiceOf(
  choice: Mode | { name: string } | null | undefined,
  parallel: boolean | null | undefined,
): ToolChoice {
  const p = parallel ?? true;
  if (choice === undefined || choice === null) return { mode: 'auto', parallel: p };
  if (typeof choice === 'string') return { mode: choice, parallel: p };
  return { mode: 'named', name: choice.name, parallel: p };
}

/** Chat Completions: `{type:"function", function:{name, description, parameters}}`. */
export function chatToolRequest(
  req: Pick<ChatCompletionRequest, 'tools' | 'tool_choice' | 'parallel_tool_calls'>,
): ToolRequest {
  const tools = (req.tools ?? []).map((t, i) => toolSpec(t.function, `tools[${i}].function`, 'parameters'));
  const choice = req.tool_choice;
  const named = typeof choice === 'object' && choice !== null ? choice.function : choice;
  return { tools, choice: choiceOf(named, req.parallel_tool_calls) };
}

/** Responses: `{type:"function", name, description, parameters}`. */
export function responsesToolRequest(
  req: Pick<ResponsesRequest, 'tools' | 'tool_choice' | 'parallel_tool_calls'>,
): ToolRequest {
  const tools = (req.tools ?? []).map((t, i) => toolSpec(t, `tools[${i}]`, 'parameters'));
  return { tools, choice: choiceOf(req.tool_choice, req.parallel_tool_calls) };
}

/** Messages: `{name, description, input_schema}` and `tool_choice: {type: auto|any|tool|none}`. */
export function messagesToolRequest(req: Pick<MessagesRequest, 'tools' | 'tool_choice'>): ToolRequest {
  const tools = (req.tools ?? []).map((t, i) =>
    toolSpec({ ...t, parameters: t.input_schema }, `tools[${i}]`, 'input_schema'),
  );
  const choice = req.tool_choice;
  if (!choice) return { tools, choice: { mode: 'auto', parallel: true } };
  const parallel = choice.disable_parallel_tool_use !== true;
  if (choice.type === 'tool') return { tools, choice: { mode: 'named', name: choice.name, parallel } };
  return { tools, choice: { mode: choice.type === 'any' ? 'required' : choice.type, parallel } };
}

type SchemaFormat = { type: 'text' | 'json_object' } | { type: 'json_schema'; schema: unknown };

function structured(format: SchemaFormat | null | undefined, param: string): StructuredFormat | undefined {
  if (format?.type === 'json_schema') return { kind: 'json_schema', schema: format.schema, param };
  return format?.type === 'json_object' ? { kind: 'json_object' } : undefined;
}

/** Chat Completions `response_format`. */
export function chatResponseFormat(
  req: Pick<ChatCompletionRequest, 'response_format'>,
): StructuredFormat | undefined {
  const f = req.response_format;
  if (f?.type !== 'json_schema') return structured(f, '');
  return structured(
    { type: 'json_schema', schema: f.json_schema.schema },
    'response_format.json_schema.schema',
  );
}

/** Responses `text.format`. */
export function responsesTextFormat(req: Pick<ResponsesRequest, 'text'>): StructuredFormat | undefined {
  return structured(req.text?.format, 'text.format.schema');
}
