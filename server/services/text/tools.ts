import { isRecord } from '@contract/is-record';
import { badRequest } from '../../errors';
import { token } from '../../ids';
import { compileSchema } from './json-schema';
import { exampleFor } from './schema-example';
import { hasCjk } from './tokens';
import type { Turn } from './writer';

/**
 * Tool calling for the deterministic writer, the same rule in all three formats (README, "Tools
 * and structured output"): when tools are offered, tool_choice is not "none" and the last turn is
 * the user's, it calls the tool tool_choice names, else every offered tool the message names
 * exactly (two or more, when parallel calls are allowed), else the tool whose name and description
 * share the most words (of four letters or more) with the message, the first offered on a tie.
 * Arguments are built from the tool's JSON Schema (see schema-example.ts).
 */

export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  /** Where the schema was sent, for refusals: e.g. `tools[0].function.parameters`. */
  param: string;
}

export type ToolChoice =
  | { mode: 'none' | 'auto' | 'required'; parallel: boolean }
  | { mode: 'named'; name: string; parallel: boolean };

export interface PlannedCall {
  id: string;
  name: string;
  /** The arguments as JSON text, as every format sends them (Messages parses them back). */
  arguments: string;
}

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const EMPTY_OBJECT = { type: 'object', properties: {} };

/** One offered tool, checked: a valid name, an optional description, a compilable schema. */
export function toolSpec(
  fields: { name?: unknown; description?: unknown; parameters?: unknown },
  param: string,
  schemaKey: string,
): ToolSpec {
  if (typeof fields.name !== 'string' || !NAME.test(fields.name)) {
    throw badRequest(
      `${param}.name must be 1-64 letters, digits, "_" or "-" (the name the model calls the tool by).`,
      `${param}.name`,
    );
  }
  if (
    fields.description !== undefined &&
    fields.description !== null &&
    typeof fields.description !== 'string'
  ) {
    throw badRequest(`${param}.description must be a string.`, `${param}.description`);
  }
  const schemaParam = `${param}.${schemaKey}`;
  const parameters = fields.parameters ?? EMPTY_OBJECT;
  compileSchema(parameters, schemaParam);
  if (!isRecord(parameters) || (parameters.type !== undefined && parameters.type !== 'object')) {
    throw badRequest(`${schemaParam} must be a JSON Schema with "type": "object".`, schemaParam);
  }
  return {
    name: fields.name,
    description: typeof fields.description === 'string' ? fields.description : '',
    parameters,
    param: schemaParam,
  };
}

/** Refuses two tools with one name: a call could not say which was meant. */
export function uniqueNames(tools: ToolSpec[], param: string): ToolSpec[] {
  const seen = new Set<string>();
  tools.forEach((t, i) => {
    if (seen.has(t.name)) {
      throw badRequest(
        `${param}[${i}] repeats the tool name "${t.name}": names must be unique.`,
        `${param}[${i}]`,
      );
    }
    seen.add(t.name);
  });
  return tools;
}

/** A tool_choice that names a tool must name an offered one. */
export function namedChoice(name: unknown, tools: ToolSpec[], param: string, parallel: boolean): ToolChoice {
  if (typeof name !== 'string') throw badRequest(`${param} must be the name of an offered tool.`, param);
  if (!tools.some((t) => t.name === name)) {
    const offered = tools.map((t) => `"${t.name}"`).join(', ') || 'none';
    throw badRequest(
      `${param} names the tool "${name.slice(0, 64)}", which is not among the offered tools (${offered}).`,
      param,
    );
  }
  return { mode: 'named', name, parallel };
}

function words(text: string): Set<string> {
  const out = new Set<string>();
  const spaced = text.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  for (const w of spaced.match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (hasCjk(w)) for (const ch of w) out.add(ch);
    else if (w.length >= 4) out.add(w);
  }
  return out;
}

function lastUserText(turns: readonly Turn[]): string {
  for (let i = turns.length - 1; i >= 0; i--) if (turns[i]!.role === 'user') return turns[i]!.text;
  return '';
}

function lastTurnIsUser(turns: readonly Turn[]): boolean {
  const last = turns.filter((t) => t.role !== 'system').at(-1);
  return last?.role === 'user';
}

function chooseTools(tools: ToolSpec[], choice: ToolChoice, message: string): ToolSpec[] {
  if (choice.mode === 'named') return tools.filter((t) => t.name === choice.name);
  if (choice.parallel) {
    const names = new Set(message.match(/[A-Za-z0-9_-]+/g) ?? []);
    const named = tools.filter((t) => names.has(t.name));
    if (named.length >= 2) return named;
  }
  const said = words(message);
  let best = tools[0]!;
  let bestScore = -1;
  for (const tool of tools) {
    let score = 0;
    for (const w of words(`${tool.name.replace(/[_-]+/g, ' ')} ${tool.description}`))
      if (said.has(w)) score++;
    if (score > bestScore) [best, bestScore] = [tool, score];
  }
  return [best];
}

/**
 * The calls the writer makes for this conversation, or none (answer in text instead). `idPrefix`
 * is the format's call id prefix: `call_` (OpenAI) or `toolu_` (Anthropic).
 */
export function planToolCalls(
  tools: ToolSpec[],
  choice: ToolChoice,
  turns: readonly Turn[],
  idPrefix: string,
): PlannedCall[] {
  if (tools.length === 0 || choice.mode === 'none' || !lastTurnIsUser(turns)) return [];
  const message = lastUserText(turns);
  return chooseTools(tools, choice, message).map((tool) => ({
    id: `${idPrefix}${token(24)}`,
    name: tool.name,
    arguments: JSON.stringify(exampleFor(tool.parameters, tool.param, message)),
  }));
}

/**
 * Every tool result must answer a call made earlier in the conversation; the result turns get the
 * called tool's name, which the writer's answer quotes.
 */
export function checkToolResults(turns: Turn[]): void {
  const calls = new Map<string, string>();
  for (const turn of turns) {
    for (const call of turn.calls ?? []) calls.set(call.id, call.name);
    for (const result of turn.results ?? []) {
      const name = calls.get(result.callId);
      if (name === undefined) {
        throw badRequest(
          `${result.param} "${result.callId.slice(0, 80)}" matches no tool call earlier in the conversation: ` +
            'send the id of the call this result answers.',
          result.param,
        );
      }
      result.name = name;
    }
  }
}
