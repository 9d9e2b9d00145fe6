import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { isRecord } from '@contract/is-record';
import { badRequest } from '../../../errors';
import { checkSchemaBounds } from './schema-bounds';
import { quoted, shown } from '@contract/quoted';

/*
 * JSON Schema for tool parameters and structured output: validated and checked by Ajv (draft
 * 2020-12 with the standard formats), never by hand. Strict mode makes an unknown keyword or format
 * a refusal naming it, instead of a schema the writer silently ignores. Runs only on a schema worker
 * (schema-pool.ts, decision 350): a caller's `pattern` runs on JavaScript's backtracking RegExp.
 */

// ajv-formats is CommonJS: under Node's ESM loader its default export is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

/** Drafts whose `$schema` is read as 2020-12: the keywords tools and SDKs emit mean the same in both. */
const KNOWN_DRAFTS = /^https?:\/\/json-schema\.org\/(draft-07|draft\/2019-09|draft\/2020-12)\/schema#?$/;

// Each compile gets its own Ajv: a shared instance keeps every schema it compiled forever and
// refuses a second schema with the same $id. Recent schemas are reused (the same tools are sent
// on every turn of a conversation).
const cache = new Map<string, ValidateFunction>();
const CACHE_SIZE = 64;

/** Ajv's first problems, for a refusal: their paths and messages carry the caller's names, cut. */
function describeErrors(errors: ErrorObject[] | null | undefined): string {
  const text = (errors ?? [])
    .slice(0, 3)
    .map((e) => {
      const where = e.instancePath
        .split('/')
        .map((name) => shown(name))
        .join('/');
      return `${where || '(root)'} ${shown(e.message ?? e.keyword)}`;
    })
    .join('; ');
  return shown(text, 300);
}

const AJV_OPTIONS = {
  strict: true,
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
  allErrors: false,
  // Ajv's own limits on generated code (decision 281): long `required` and `enum` lists are checked
  // in a loop rather than unrolled, and a $ref is a call rather than a copy of its target, so a
  // schema's compiled size grows with the schema, not with how often its parts are referenced.
  loopRequired: 16,
  loopEnum: 16,
  inlineRefs: false,
  // Ajv's optimiser passes grow faster than the schema (a 1,300-property object took 3 s to compile
  // with them, 0.4 s without); the code they would save is not worth the time.
  code: { optimize: false },
} as const;

let meta: Ajv2020 | undefined;
function metaValidator(): Ajv2020 {
  if (!meta) {
    meta = new Ajv2020(AJV_OPTIONS);
    addFormats(meta);
  }
  return meta;
}

/** Builds what every check needs, so that a fresh schema worker's first request does not pay for it. */
export function warmSchemaChecker(): void {
  metaValidator().validateSchema({ type: 'object' });
}

/** Compiles `schema` (sent in the field `param`) or refuses it with a 400 naming what is wrong. */
export function compileSchema(schema: unknown, param: string): ValidateFunction {
  if (!isRecord(schema)) throw badRequest(`${param} must be a JSON Schema object.`, param);
  checkSchemaBounds(schema, param);
  const { $schema, ...rest } = schema;
  if ($schema !== undefined && (typeof $schema !== 'string' || !KNOWN_DRAFTS.test($schema))) {
    throw badRequest(
      `${param}.$schema ${quoted($schema)} is not supported: use draft 2020-12 or draft-07.`,
      `${param}.$schema`,
    );
  }
  const key = JSON.stringify(rest);
  const hit = cache.get(key);
  if (hit) return hit;
  // Checked against the draft's meta-schema by one long-lived instance: compiling the meta-schema
  // costs ~150 ms, which every request with a new schema used to pay.
  if (!metaValidator().validateSchema(rest)) {
    throw badRequest(
      `${param} is not a valid JSON Schema: ${describeErrors(metaValidator().errors)}.`,
      param,
    );
  }
  const ajv = new Ajv2020({ ...AJV_OPTIONS, validateSchema: false });
  addFormats(ajv);
  let validate: ValidateFunction;
  try {
    validate = ajv.compile(rest);
  } catch (e) {
    const reason = (e as Error).message.replace(/^strict mode: /, '').slice(0, 300);
    throw badRequest(`${param} is not a JSON Schema the local server supports: ${reason}.`, param);
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, validate);
  return validate;
}

/** The first validation problem, for a refusal. */
export function validationProblem(validate: ValidateFunction): { keyword: string; text: string } {
  const first = validate.errors?.[0];
  return { keyword: first?.keyword ?? 'schema', text: describeErrors(validate.errors) };
}
