import { isRecord } from '@contract/is-record';
import { shown } from '@contract/quoted';
import { badRequest } from '../../../errors';

/*
 * Bounds on a JSON Schema received from a caller, checked before Ajv sees it (decision 281). Ajv
 * treats schemas as trusted code: a deep or huge one overflows the stack while compiling, and one
 * that refers to itself without reading any data (`{"$ref":"#"}`) recurses forever when validating
 * (ajv.js.org/security.html, "Untrusted schemas").
 */

/**
 * Values (objects, arrays, scalars) a schema may hold: about 1,300 typed properties. Ajv's compile
 * time grows with it (~0.1 ms a value on this machine's two cores), and must stay within the
 * schema worker's deadline (SCHEMA_WORK_MS, decision 350).
 */
export const MAX_SCHEMA_NODES = 4_000;
/** Nesting of the schema's JSON: 16 levels of schema (`properties` → name → schema is two). */
export const MAX_SCHEMA_DEPTH = 32;

/** Keywords that apply another schema to the same value, so a cycle through them never ends. */
const IN_PLACE = ['allOf', 'anyOf', 'oneOf'] as const;
const IN_PLACE_SINGLE = ['not', 'if', 'then', 'else'] as const;

function pointerTarget(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let target: unknown = root;
  for (const raw of ref.slice(1).split('/').filter(Boolean)) {
    let part: string;
    try {
      part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    target = isRecord(target) ? target[part] : Array.isArray(target) ? target[Number(part)] : undefined;
  }
  return target;
}

function inPlaceChildren(node: Record<string, unknown>, root: unknown): unknown[] {
  const out: unknown[] = [];
  for (const k of ['$ref', '$dynamicRef'] as const) {
    const ref = node[k];
    if (typeof ref === 'string') out.push(pointerTarget(root, ref));
  }
  for (const k of IN_PLACE) if (Array.isArray(node[k])) out.push(...(node[k] as unknown[]));
  for (const k of IN_PLACE_SINGLE) out.push(node[k]);
  if (isRecord(node.dependentSchemas)) out.push(...Object.values(node.dependentSchemas));
  return out.filter(isRecord);
}

/**
 * Where `node` sits, as `param` plus a JSON pointer, for refusals. Each name on the way is cut like
 * any value the caller sent (they are the caller's, and one may be 1 MB); the way itself stays
 * whole, at most MAX_SCHEMA_DEPTH names.
 */
function located(param: string, pointer: string): string {
  return (
    param +
    pointer
      .split('/')
      .map((name) => shown(name))
      .join('.')
  );
}

/**
 * Refuses (400 naming the field) a schema larger or deeper than the limits, or one with a `$ref`
 * cycle that applies schemas to the same value without ever descending into it.
 */
export function checkSchemaBounds(schema: unknown, param: string): void {
  let nodes = 0;
  const pointers = new Map<object, string>();
  const stack: Array<{ value: unknown; depth: number; pointer: string }> = [
    { value: schema, depth: 0, pointer: '' },
  ];
  const tooLarge = () =>
    badRequest(
      `${param} is larger than the ${MAX_SCHEMA_NODES.toLocaleString('en')} values the local server accepts in one schema; split it or use $defs for repeated parts.`,
      param,
      'schema_too_large',
    );
  while (stack.length > 0) {
    const { value, depth, pointer } = stack.pop()!;
    if (depth > MAX_SCHEMA_DEPTH) {
      throw badRequest(
        `${located(param, pointer)} nests more than ${MAX_SCHEMA_DEPTH} levels deep; flatten the schema.`,
        located(param, pointer),
        'schema_too_deep',
      );
    }
    if (!isRecord(value) && !Array.isArray(value)) continue;
    if (isRecord(value)) pointers.set(value, pointer);
    const entries: Array<[string, unknown]> = isRecord(value)
      ? Object.entries(value)
      : value.map((v, i) => [String(i), v]);
    nodes += 1 + entries.length;
    if (nodes > MAX_SCHEMA_NODES) throw tooLarge();
    for (const [k, v] of entries)
      if (typeof v === 'object' && v !== null) {
        nodes--; // counted again when popped
        stack.push({ value: v, depth: depth + 1, pointer: `${pointer}/${k}` });
      }
  }
  // Depth-first search for a cycle in the "same value" graph ($ref, allOf, anyOf, oneOf, not, if…).
  const state = new Map<object, 'open' | 'done'>();
  for (const start of pointers.keys()) {
    if (state.has(start)) continue;
    const path: Array<{ node: Record<string, unknown>; next: unknown[] }> = [];
    const enter = (node: Record<string, unknown>) => {
      state.set(node, 'open');
      path.push({ node, next: inPlaceChildren(node, schema) });
    };
    enter(start as Record<string, unknown>);
    while (path.length > 0) {
      const top = path.at(-1)!;
      const child = top.next.pop() as Record<string, unknown> | undefined;
      if (!child) {
        state.set(top.node, 'done');
        path.pop();
        continue;
      }
      const seen = state.get(child);
      if (seen === 'open') {
        const where = located(param, pointers.get(top.node) ?? '');
        throw badRequest(
          `${where} refers back to itself ($ref, allOf, anyOf, oneOf…) without going into a property or item, so no value can ever be checked against it; break the cycle.`,
          where,
          'schema_ref_cycle',
        );
      }
      if (!seen) enter(child);
    }
  }
}
