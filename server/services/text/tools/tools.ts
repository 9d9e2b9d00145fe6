import { badRequest } from '../../../errors';
import { hasCjk } from '../tokens';
import type { Turn } from '../writer';
import { quoted } from '@contract/quoted';

/**
 * Tool calling for the deterministic writer, the same rule in all three formats (README, "Tools
 * and structured output"): when tools are offered, tool_choice is not "none" and the last turn is
 * the user's, it calls the tool tool_choice names, else every offered tool the message names
 * exactly (two or more, when parallel calls are allowed), else the tool whose name and description
 * share the most words (of four letters or more) with the message, the first offered on a tie.
 * Arguments are built from the tool's JSON Schema (see schema-example.ts), on a schema worker
 * (prepare-schemas.ts).
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

const EMPTY_OBJECT = { type: 'object', properties: {} };

/**
 * One offered tool. Its shape (name, description, an object schema) was checked by the contract
 * schema; that the schema is valid JSON Schema is Ajv's check, on a schema worker (prepare-schemas.ts).
 */
export function toolSpec(
  fields: { name: string; description?: string | null; parameters?: Record<string, unknown> | null },
  param: string,
  schemaKey: string,
): ToolSpec {
  const schemaParam = `${param}.${schemaKey}`;
  const parameters = fields.parameters ?? EMPTY_OBJECT;
  return { name: fields.name, description: fields.description ?? '', parameters, param: schemaParam };
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

export function lastUserText(turns: readonly Turn[]): string {
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

/** The tools the writer calls for this conversation, or none (it answers in text instead). */
export function toolsToCall(tools: ToolSpec[], choice: ToolChoice, turns: readonly Turn[]): ToolSpec[] {
  if (tools.length === 0 || choice.mode === 'none' || !lastTurnIsUser(turns)) return [];
  return chooseTools(tools, choice, lastUserText(turns));
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
          `${result.param} ${quoted(result.callId)} matches no tool call earlier in the conversation: ` +
            'send the id of the call this result answers.',
          result.param,
        );
      }
      result.name = name;
    }
  }
}
