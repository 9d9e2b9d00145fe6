import { token } from '../../../ids';
import { tokenize } from '../tokens';
import type { PlannedCall } from '../tools/tools';
import type { Frame } from '../paced-stream';

/** Responses output items and stream events for the writer's function calls. */

export interface FunctionCallItem {
  id: string;
  type: 'function_call';
  status: 'in_progress' | 'completed';
  arguments: string;
  call_id: string;
  name: string;
}

export function functionCallItems(calls: PlannedCall[]): FunctionCallItem[] {
  return calls.map((call) => ({
    id: `fc_${token(24)}`,
    type: 'function_call',
    status: 'completed',
    arguments: call.arguments,
    call_id: call.id,
    name: call.name,
  }));
}

/**
 * Each call as the hosted API streams it: the item added with empty arguments, the arguments in
 * several deltas, then done. `ev` numbers the events (sequence_number).
 */
export function* functionCallFrames(
  items: FunctionCallItem[],
  ev: (type: string, payload: object) => string,
): Iterable<Frame> {
  for (const [outputIndex, item] of items.entries()) {
    const at = { item_id: item.id, output_index: outputIndex };
    yield {
      data: ev('response.output_item.added', {
        output_index: outputIndex,
        item: { ...item, status: 'in_progress', arguments: '' },
      }),
    };
    for (const delta of tokenize(item.arguments)) {
      yield { data: ev('response.function_call_arguments.delta', { ...at, delta }), token: true };
    }
    yield {
      data: ev('response.function_call_arguments.done', {
        ...at,
        name: item.name,
        arguments: item.arguments,
      }),
    };
    yield { data: ev('response.output_item.done', { output_index: outputIndex, item }) };
  }
}
