import { isRecord } from '@contract/is-record';
import { token } from '../../../ids';
import { checkSchemaBounds } from './schema-bounds';
import { inSchemaWorker } from './schema-pool';
import type { SchemaTask } from './schema-tasks';
import { jsonObjectText, type StructuredFormat } from './structured';
import type { ToolRequest } from '../tools/tool-params';
import { lastUserText, toolsToCall, type PlannedCall } from '../tools/tools';
import type { Turn } from '../writer';

/*
 * Everything a reply needs from the caller's JSON Schemas, in one awaited step before the reply is
 * built or streamed: each offered tool's schema checked, the structured reply and the planned
 * calls' arguments built, all on a schema worker (schema-pool.ts, decision 350). Refusals keep the
 * order they had inline: a bad tool schema first, then the response format, then the arguments.
 */

export interface PreparedSchemas {
  /** The structured reply's JSON text, or undefined for a Markdown reply. */
  text: string | undefined;
  /** The calls the writer makes, each time with fresh ids (a call id per choice); none to answer in text. */
  calls(idPrefix: string): PlannedCall[];
}

export async function prepareSchemas(
  tools: ToolRequest,
  format: StructuredFormat | undefined,
  turns: readonly Turn[],
  model: string,
): Promise<PreparedSchemas> {
  const message = lastUserText(turns);
  const called = toolsToCall(tools.tools, tools.choice, turns);
  const tasks: SchemaTask[] = tools.tools.map((t) => ({
    op: 'compile',
    schema: t.parameters,
    param: t.param,
  }));
  if (format?.kind === 'json_schema') {
    tasks.push({ op: 'example', schema: format.schema, param: format.param, message });
  }
  // The size and cycle bounds (decision 281) first, here: a walk capped at 4,000 values with no
  // caller regex, it cannot hold the loop, and it spares cloning a huge schema to a worker only for
  // the worker to refuse it (a 32,768-value schema cost 0.2 s more that way on a busy machine).
  for (const task of tasks) if (isRecord(task.schema)) checkSchemaBounds(task.schema, task.param);
  for (const t of called) tasks.push({ op: 'example', schema: t.parameters, param: t.param, message });
  const results = (await inSchemaWorker(tasks)) as Array<string | null>;
  const args = results.slice(results.length - called.length) as string[];
  let text: string | undefined;
  if (format?.kind === 'json_schema') text = results[tools.tools.length] as string;
  else if (format) text = jsonObjectText(message, turns, model);
  return {
    text,
    calls: (idPrefix) =>
      called.map((tool, i) => ({ id: `${idPrefix}${token(24)}`, name: tool.name, arguments: args[i]! })),
  };
}
