import { isRecord } from '@contract/is-record';
import { shown } from '@contract/quoted';
import { badRequest } from '../../../errors';
import { compileSchema, validationProblem } from './json-schema';

/*
 * A value that satisfies a JSON Schema, built deterministically: `const`, `default`, `examples`,
 * the first `enum` value or a typed placeholder that meets the bounds; a property whose name the
 * user's message mentions ("city: Paris") takes the value written after it when that value fits.
 * The result is always checked with Ajv; a schema the builder cannot satisfy (a `pattern`, `not`,
 * …) is a 400 naming the keyword, never an invalid reply.
 */

type Schema = Record<string, unknown>;

const FORMAT_EXAMPLES: Record<string, string> = {
  'date-time': '2025-01-01T12:00:00Z',
  date: '2025-01-01',
  time: '12:00:00Z',
  duration: 'P1D',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uri: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  iri: 'https://example.com/',
  'iri-reference': 'https://example.com/',
  url: 'https://example.com/',
  uuid: '00000000-0000-4000-8000-000000000000',
  'json-pointer': '/example',
  'relative-json-pointer': '0',
  regex: '.*',
};

const MAX_DEPTH = 8;
/** Nesting of anyOf/allOf/$ref hops the builder follows before refusing (cycles are refused earlier). */
const MAX_APPLICATOR_DEPTH = 32;

/**
 * What one example may cost (decision 281): every schema the builder visits is a node, every
 * character of a string a byte. Checked before each array or string is made, so a `minItems` of
 * 10^8 is refused without a single item being built.
 */
export const EXAMPLE_BUDGET = { nodes: 10_000, bytes: 256 * 1024 };

/** Only this much of the message is searched for `name: value` (one regex per property it names). */
const MENTION_SCAN_CHARS = 16 * 1024;

interface Context {
  root: Schema;
  message: string;
  /** `message` through `folded`, for the cheap test before a name's regex is built. */
  foldedMessage: string;
  param: string;
  nodes: number;
  bytes: number;
}

function overBudget(ctx: Context, where: string, what: string): never {
  throw badRequest(
    `${ctx.param}${where} asks for ${what}, more than the local writer builds in one example ` +
      `(${EXAMPLE_BUDGET.nodes.toLocaleString('en')} values, ${EXAMPLE_BUDGET.bytes / 1024} KiB). ` +
      `Lower it, or give the property a small "default" or "examples" value.`,
    `${ctx.param}${where}`,
    'schema_example_too_large',
  );
}

function spendNodes(ctx: Context, n: number, where: string, what: string): void {
  ctx.nodes += n;
  if (ctx.nodes > EXAMPLE_BUDGET.nodes) overBudget(ctx, where, what);
}

function spendBytes(ctx: Context, n: number, where: string, what: string): void {
  ctx.bytes += n;
  if (ctx.bytes > EXAMPLE_BUDGET.bytes) overBudget(ctx, where, what);
}

function resolve(schema: Schema, ctx: Context): Schema {
  let s = schema;
  for (let hops = 0; typeof s.$ref === 'string' && hops < 16; hops++) {
    const ref = s.$ref;
    if (!ref.startsWith('#')) return s;
    let target: unknown = ctx.root;
    for (const raw of ref.slice(1).split('/').filter(Boolean)) {
      const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      target = isRecord(target) ? target[part] : undefined;
    }
    if (!isRecord(target)) return s;
    const { $ref: _ref, ...siblings } = s;
    s = { ...target, ...siblings };
  }
  return s;
}

function typeOf(s: Schema): string | undefined {
  const t = s.type;
  if (typeof t === 'string') return t;
  if (Array.isArray(t)) return (t.find((x) => x !== 'null') ?? t[0]) as string | undefined;
  if (isRecord(s.properties)) return 'object';
  if (s.items !== undefined || s.prefixItems !== undefined) return 'array';
  return undefined;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

function numberFor(s: Schema, integer: boolean, preferred?: number): number {
  const step = integer ? 1 : 0.5;
  const exMin = num(s.exclusiveMinimum);
  const exMax = num(s.exclusiveMaximum);
  let lo = num(s.minimum) ?? (exMin === undefined ? undefined : exMin + step);
  let hi = num(s.maximum) ?? (exMax === undefined ? undefined : exMax - step);
  if (integer) {
    lo = lo === undefined ? undefined : Math.ceil(lo);
    hi = hi === undefined ? undefined : Math.floor(hi);
  }
  let v = preferred ?? 1;
  if (lo !== undefined && v < lo) v = lo;
  if (hi !== undefined && v > hi) v = hi;
  const multiple = num(s.multipleOf);
  if (multiple) v = Math.ceil(v / multiple) * multiple;
  return integer ? Math.round(v) : v;
}

function stringFor(s: Schema, name: string | undefined, ctx?: Context, where = ''): string {
  const format = typeof s.format === 'string' ? FORMAT_EXAMPLES[s.format] : undefined;
  let v = format ?? (name ? `example ${name.replace(/[_-]+/g, ' ')}` : 'example');
  const min = num(s.minLength) ?? 0;
  const max = num(s.maxLength);
  if (ctx)
    spendBytes(ctx, Math.max(min, v.length), `${where}.minLength`, `a string of at least ${min} characters`);
  if (v.length < min) v = v.padEnd(min, 'x');
  if (max !== undefined && v.length > max) v = v.slice(0, max);
  return v;
}

/**
 * Case-insensitive enough to rule a name out cheaply: upper- then lower-casing maps the letters that
 * the `iu` regex below treats as one (ſ and s, ς and σ…) to one, so a name it rules out is absent.
 */
const folded = (text: string) => text.toUpperCase().toLowerCase();

/** The text written after `name` in the message: `name: value`, `name = value`, `name is value`. */
function mentioned(name: string, message: string, foldedMessage: string): string | undefined {
  // Building a Unicode regex costs ~0.5 ms: a schema of 1,300 properties spent 0.7 s on names the
  // message never mentions.
  if (!foldedMessage.includes(folded(name))) return undefined;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(
    `(?:^|[^\\p{L}\\p{N}_])${escaped}(?![\\p{L}\\p{N}_])\\s*(?::|=|\\bis\\b)?\\s*(?:"([^"]*)"|'([^']*)'|([^,;\\n]+?))\\s*(?:$|[,;\\n]|\\band\\b|[.?!](?:\\s|$))`,
    'iu',
  ).exec(message);
  if (!m) return undefined;
  return (m[1] ?? m[2] ?? m[3] ?? '').trim() || undefined;
}

/** The mentioned text as a value of the property's type, or undefined when it does not fit. */
function coerce(s: Schema, text: string): unknown {
  if (Array.isArray(s.enum)) return s.enum.find((e) => String(e).toLowerCase() === text.toLowerCase());
  switch (typeOf(s)) {
    case 'integer':
    case 'number': {
      const m = /-?\d+(?:\.\d+)?/.exec(text);
      return m ? Number(m[0]) : undefined;
    }
    case 'boolean':
      if (/^(true|yes|on)$/i.test(text)) return true;
      return /^(false|no|off)$/i.test(text) ? false : undefined;
    case 'string':
      return text;
    default:
      return undefined;
  }
}

function build(
  schema: unknown,
  ctx: Context,
  name: string | undefined,
  depth: number,
  where: string,
  hops = 0,
): unknown {
  if (!isRecord(schema)) return schema === false ? undefined : {};
  spendNodes(ctx, 1, where, 'more values than fit');
  if (hops > MAX_APPLICATOR_DEPTH) {
    throw badRequest(
      `${ctx.param}${where} nests anyOf/allOf/$ref more than ${MAX_APPLICATOR_DEPTH} levels deep; flatten it.`,
      `${ctx.param}${where}`,
      'schema_too_deep',
    );
  }
  const s = resolve(schema, ctx);
  if ('const' in s) return s.const;
  if ('default' in s) return s.default;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  const branches = (s.anyOf ?? s.oneOf) as unknown;
  if (Array.isArray(branches) && branches.length > 0) {
    const index = branches.findIndex((b) => !(isRecord(b) && b.type === 'null'));
    const key = s.anyOf ? 'anyOf' : 'oneOf';
    const at = index < 0 ? 0 : index;
    return build(branches[at], ctx, name, depth, `${where}.${key}[${at}]`, hops + 1);
  }
  if (Array.isArray(s.allOf)) {
    return s.allOf.reduce<unknown>((acc, part, i) => {
      const v = build(part, ctx, name, depth, `${where}.allOf[${i}]`, hops + 1);
      return isRecord(acc) && isRecord(v) ? { ...acc, ...v } : v;
    }, {});
  }
  switch (typeOf(s)) {
    case 'object':
      return depth >= MAX_DEPTH ? {} : objectFor(s, ctx, depth, where);
    case 'array': {
      if (depth >= MAX_DEPTH) return [];
      const prefix = Array.isArray(s.prefixItems) ? s.prefixItems : [];
      const count = Math.max(num(s.minItems) ?? 1, prefix.length, 1);
      const n = Math.min(count, num(s.maxItems) ?? count);
      // Refused before one item is built: each item costs at least a node.
      if (ctx.nodes + n > EXAMPLE_BUDGET.nodes) overBudget(ctx, `${where}.minItems`, `${n} items`);
      return Array.from({ length: n }, (_, i) =>
        i < prefix.length
          ? build(prefix[i], ctx, name, depth + 1, `${where}.prefixItems[${i}]`)
          : build(s.items ?? {}, ctx, name, depth + 1, `${where}.items`),
      );
    }
    case 'integer':
      return numberFor(s, true);
    case 'number':
      return numberFor(s, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return stringFor(s, name, ctx, where);
  }
}

function objectFor(s: Schema, ctx: Context, depth: number, where: string): Record<string, unknown> {
  const props = isRecord(s.properties) ? s.properties : {};
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const out: Record<string, unknown> = {};
  for (const [key, sub] of Object.entries(props)) {
    const text = mentioned(key, ctx.message, ctx.foldedMessage);
    if (!required.has(key) && text === undefined) continue;
    const resolved = isRecord(sub) ? resolve(sub, ctx) : {};
    const fromMessage = text === undefined ? undefined : coerce(resolved, text);
    out[key] =
      fromMessage !== undefined && fits(resolved, fromMessage)
        ? fromMessage
        : build(sub, ctx, key, depth + 1, `${where}.properties.${shown(key)}`);
  }
  for (const key of required) if (!(key in out)) out[key] = stringFor({}, key, ctx, `${where}.required`);
  return out;
}

/** Whether a value taken from the message is valid for its (resolved, $ref-free) property schema. */
function fits(sub: Schema, value: unknown): boolean {
  try {
    const check = compileSchema(sub, 'schema');
    return check(value) === true;
  } catch {
    return false;
  }
}

/**
 * A value valid against `schema` (sent in `param`), using values the user's message gives. A
 * schema it cannot satisfy is a 400 naming the keyword and where it sits.
 */
export function exampleFor(schema: unknown, param: string, message: string): unknown {
  const validate = compileSchema(schema, param);
  const root = schema as Schema;
  const scanned = message.slice(0, MENTION_SCAN_CHARS);
  const ctx: Context = {
    root,
    message: scanned,
    foldedMessage: folded(scanned),
    param,
    nodes: 0,
    bytes: 0,
  };
  const value = build(root, ctx, undefined, 0, '');
  if (validate(value) !== true) {
    const problem = validationProblem(validate);
    throw badRequest(
      `${param} uses "${problem.keyword}", which the local writer cannot satisfy (${problem.text}). ` +
        `Give the property a "default" or "examples" value, or leave "${problem.keyword}" out.`,
      param,
      'unsupported_schema',
    );
  }
  return value;
}
