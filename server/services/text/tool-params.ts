import { isRecord } from '@contract/is-record';
import { badRequest } from '../../errors';
import type { StructuredFormat } from './structured';
import { namedChoice, toolSpec, uniqueNames, type ToolChoice, type ToolSpec } from './tools';

/*
 * `tools`, `tool_choice` and the structured-output fields of the three formats, read into one
 * shape. Each refusal names the field as the client sent it.
 */
type Body = Record<string, unknown>;

export interface ToolRequest {
  tools: ToolSpec[];
  choice: ToolChoice;
}

function toolList(body: Body): unknown[] {
  const tools = body.tools;
  if (tools === undefined || tools === null) return [];
  if (!Array.isArray(tools)) throw badRequest('tools must be an array of tool definitions.', 'tools');
  if (tools.length > 128) throw badRequest('tools may hold at most 128 tools.', 'tools');
  return tools;
}

function parallelFlag(value: unknown, param: string): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'boolean') throw badRequest(`${param} must be true or false.`, param);
  return value;
}

function noToolsChoice(choice: unknown, tools: ToolSpec[], param: string): void {
  if (
    tools.length === 0 &&
    choice !== undefined &&
    choice !== null &&
    choice !== 'none' &&
    choice !== 'auto'
  ) {
    throw badRequest(`${param} needs tools: offer the tools it may choose from in "tools".`, param);
  }
}

function stringChoice(choice: unknown, parallel: boolean): ToolChoice | undefined {
  if (choice === undefined || choice === null) return { mode: 'auto', parallel };
  if (choice === 'none' || choice === 'auto' || choice === 'required') return { mode: choice, parallel };
  return undefined;
}

/** Chat Completions: `{type:"function", function:{name, description, parameters}}`. */
export function chatToolRequest(body: Body): ToolRequest {
  const tools = uniqueNames(
    toolList(body).map((t, i) => {
      const p = `tools[${i}]`;
      if (!isRecord(t) || t.type !== 'function' || !isRecord(t.function)) {
        throw badRequest(
          `${p} must be {"type": "function", "function": {"name", "description", "parameters"}}.`,
          p,
        );
      }
      return toolSpec(t.function, `${p}.function`, 'parameters');
    }),
    'tools',
  );
  const parallel = parallelFlag(body.parallel_tool_calls, 'parallel_tool_calls');
  noToolsChoice(body.tool_choice, tools, 'tool_choice');
  const choice = body.tool_choice;
  const simple = stringChoice(choice, parallel);
  if (simple) return { tools, choice: simple };
  if (isRecord(choice) && choice.type === 'function' && isRecord(choice.function)) {
    return { tools, choice: namedChoice(choice.function.name, tools, 'tool_choice.function.name', parallel) };
  }
  throw badRequest(
    'tool_choice must be "none", "auto", "required" or {"type": "function", "function": {"name"}}.',
    'tool_choice',
  );
}

/** Responses: `{type:"function", name, description, parameters}`. */
export function responsesToolRequest(body: Body): ToolRequest {
  const tools = uniqueNames(
    toolList(body).map((t, i) => {
      const p = `tools[${i}]`;
      if (!isRecord(t)) throw badRequest(`${p} must be a tool object.`, p);
      if (t.type !== 'function') {
        throw badRequest(
          `${p}.type "${String(t.type).slice(0, 40)}" is not supported by the local server: offer function tools.`,
          `${p}.type`,
        );
      }
      return toolSpec(t, p, 'parameters');
    }),
    'tools',
  );
  const parallel = parallelFlag(body.parallel_tool_calls, 'parallel_tool_calls');
  noToolsChoice(body.tool_choice, tools, 'tool_choice');
  const simple = stringChoice(body.tool_choice, parallel);
  if (simple) return { tools, choice: simple };
  const choice = body.tool_choice;
  if (isRecord(choice) && choice.type === 'function') {
    return { tools, choice: namedChoice(choice.name, tools, 'tool_choice.name', parallel) };
  }
  throw badRequest(
    'tool_choice must be "none", "auto", "required" or {"type": "function", "name"}.',
    'tool_choice',
  );
}

/** Messages: `{name, description, input_schema}` and `tool_choice: {type: auto|any|tool|none}`. */
export function messagesToolRequest(body: Body): ToolRequest {
  const tools = uniqueNames(
    toolList(body).map((t, i) => {
      const p = `tools[${i}]`;
      if (!isRecord(t)) throw badRequest(`${p} must be a tool object.`, p);
      if (t.type !== undefined && t.type !== null && t.type !== 'custom') {
        throw badRequest(
          `${p}.type "${String(t.type).slice(0, 40)}" is not supported by the local server: offer custom tools with an input_schema.`,
          `${p}.type`,
        );
      }
      if (t.input_schema === undefined) {
        throw badRequest(
          `${p}.input_schema is required: the JSON Schema of the tool's input.`,
          `${p}.input_schema`,
        );
      }
      return toolSpec({ ...t, parameters: t.input_schema }, p, 'input_schema');
    }),
    'tools',
  );
  const choice = body.tool_choice;
  if (choice === undefined || choice === null) return { tools, choice: { mode: 'auto', parallel: true } };
  if (!isRecord(choice)) throw badRequest('tool_choice must be an object with a "type".', 'tool_choice');
  const parallel = !parallelFlag(
    choice.disable_parallel_tool_use ?? false,
    'tool_choice.disable_parallel_tool_use',
  );
  if (choice.type !== 'none' && choice.type !== 'auto') noToolsChoice(choice.type, tools, 'tool_choice');
  if (choice.type === 'none' || choice.type === 'auto')
    return { tools, choice: { mode: choice.type, parallel } };
  if (choice.type === 'any') return { tools, choice: { mode: 'required', parallel } };
  if (choice.type === 'tool')
    return { tools, choice: namedChoice(choice.name, tools, 'tool_choice.name', parallel) };
  throw badRequest('tool_choice.type must be "auto", "any", "tool" or "none".', 'tool_choice.type');
}

function schemaFormat(f: Record<string, unknown>, param: string): StructuredFormat {
  if (typeof f.name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(f.name)) {
    throw badRequest(`${param}.name must be 1-64 letters, digits, "_" or "-".`, `${param}.name`);
  }
  if (f.strict !== undefined && f.strict !== null && typeof f.strict !== 'boolean') {
    throw badRequest(`${param}.strict must be true or false.`, `${param}.strict`);
  }
  if (f.schema === undefined)
    throw badRequest(`${param}.schema is required: the JSON Schema of the reply.`, `${param}.schema`);
  return { kind: 'json_schema', schema: f.schema, param: `${param}.schema` };
}

/** Chat Completions `response_format`. */
export function chatResponseFormat(body: Body): StructuredFormat | undefined {
  const f = body.response_format;
  if (f === undefined || f === null) return undefined;
  if (!isRecord(f)) throw badRequest('response_format must be an object with a "type".', 'response_format');
  if (f.type === 'text') return undefined;
  if (f.type === 'json_object') return { kind: 'json_object' };
  if (f.type === 'json_schema') {
    if (!isRecord(f.json_schema)) {
      throw badRequest(
        'response_format.json_schema must be {"name", "schema", "strict"}.',
        'response_format.json_schema',
      );
    }
    return schemaFormat(f.json_schema, 'response_format.json_schema');
  }
  throw badRequest(
    'response_format.type must be "text", "json_object" or "json_schema".',
    'response_format.type',
  );
}

/** Responses `text.format`. */
export function responsesTextFormat(body: Body): StructuredFormat | undefined {
  const text = body.text;
  if (text === undefined || text === null) return undefined;
  if (!isRecord(text))
    throw badRequest('text must be an object such as {"format": {"type": "text"}}.', 'text');
  const f = text.format;
  if (f === undefined || f === null) return undefined;
  if (!isRecord(f)) throw badRequest('text.format must be an object with a "type".', 'text.format');
  if (f.type === 'text') return undefined;
  if (f.type === 'json_object') return { kind: 'json_object' };
  if (f.type === 'json_schema') return schemaFormat(f, 'text.format');
  throw badRequest('text.format.type must be "text", "json_object" or "json_schema".', 'text.format.type');
}
