/**
 * The reply of a JSON-output request checked in the browser against the schema that was sent.
 * A small interpreter of the JSON Schema keywords structured output uses (type, properties,
 * required, additionalProperties, items, enum, const, bounds, anyOf/oneOf/allOf, local $ref), not
 * Ajv: Ajv compiles schemas with `new Function`, which the dashboard's Content-Security-Policy
 * (script-src 'self') forbids, and would add its 120 KB to the chat (decision 302).
 */
export type JsonCheck =
  | { kind: 'not-json' }
  | { kind: 'matches'; value: unknown }
  | { kind: 'fails'; value: unknown; path: string; problem: string };

type Schema = Record<string, unknown>;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

const pointer = (path: string, key: string | number) =>
  `${path}/${String(key).replaceAll('~', '~0').replaceAll('/', '~1')}`;

/** The first problem of `value` at `path`, or undefined when it matches. Depth-bounded. */
function check(
  value: unknown,
  schema: unknown,
  root: Schema,
  path: string,
  depth: number,
): [string, string] | undefined {
  if (depth > 64 || schema === true || !isObject(schema)) return undefined;
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')) {
    const target = schema.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (node, part) => (isObject(node) ? node[part.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined),
        root,
      );
    const found = check(value, target, root, path, depth + 1);
    if (found) return found;
  }
  const actual = typeOf(value);
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((t) => t === actual || (t === 'number' && actual === 'integer'))) {
      return [path, `must be ${types.join(' or ')}, is ${actual}`];
    }
  }
  if (Array.isArray(schema.enum) && !schema.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) {
    return [path, `must be one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`];
  }
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value)) {
    return [path, `must be ${JSON.stringify(schema.const)}`];
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      return [path, `must be ≥ ${schema.minimum}`];
    if (typeof schema.maximum === 'number' && value > schema.maximum)
      return [path, `must be ≤ ${schema.maximum}`];
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof schema.minLength === 'number' && length < schema.minLength) {
      return [path, `must have at least ${schema.minLength} characters`];
    }
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) {
      return [path, `must have at most ${schema.maxLength} characters`];
    }
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) {
      return [path, `must have at least ${schema.minItems} items`];
    }
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) {
      return [path, `must have at most ${schema.maxItems} items`];
    }
    if (schema.items !== undefined) {
      for (const [i, item] of value.entries()) {
        const found = check(item, schema.items, root, pointer(path, i), depth + 1);
        if (found) return found;
      }
    }
  }
  if (isObject(value)) {
    for (const key of Array.isArray(schema.required) ? schema.required : []) {
      if (typeof key === 'string' && !(key in value)) return [pointer(path, key), 'is required but missing'];
    }
    const properties = isObject(schema.properties) ? schema.properties : {};
    for (const [key, item] of Object.entries(value)) {
      if (key in properties) {
        const found = check(item, properties[key], root, pointer(path, key), depth + 1);
        if (found) return found;
      } else if (schema.additionalProperties === false) {
        return [pointer(path, key), 'is not allowed (additionalProperties is false)'];
      } else if (isObject(schema.additionalProperties)) {
        const found = check(item, schema.additionalProperties, root, pointer(path, key), depth + 1);
        if (found) return found;
      }
    }
  }
  if (Array.isArray(schema.allOf)) {
    for (const part of schema.allOf) {
      const found = check(value, part, root, path, depth + 1);
      if (found) return found;
    }
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key];
    if (!Array.isArray(options)) continue;
    const matching = options.filter((o) => !check(value, o, root, path, depth + 1)).length;
    if (matching === 0 || (key === 'oneOf' && matching > 1)) {
      return [
        path,
        key === 'oneOf' && matching > 1 ? 'matches more than one of oneOf' : `matches none of ${key}`,
      ];
    }
  }
  return undefined;
}

/** Parses the reply and, when a schema was sent, checks it; the path is a JSON Pointer ("" = root). */
export function checkJsonReply(text: string, schema: Schema | undefined): JsonCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'not-json' };
  }
  const found = schema ? check(value, schema, schema, '', 0) : undefined;
  return found
    ? { kind: 'fails', value, path: found[0] || '/', problem: found[1] }
    : { kind: 'matches', value };
}
