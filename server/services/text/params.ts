import { badRequest } from '../../errors';

/** Field checks shared by the text endpoints: each failure is a 400 naming the field and the fix. */
export type Body = Record<string, unknown>;

export function requireBody(raw: unknown): Body {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw badRequest('The request body must be a JSON object with the fields of this endpoint.');
  }
  return raw as Body;
}

export function checkModel(value: unknown, allowed: readonly string[], endpoint: string): string {
  const list = allowed.map((m) => `"${m}"`).join(', ');
  if (value === undefined || value === null || value === '') {
    throw badRequest(
      `model is required for ${endpoint}: use ${list}.`,
      'model',
      'missing_required_parameter',
    );
  }
  if (typeof value !== 'string') throw badRequest(`model must be a string: use ${list}.`, 'model');
  if (!allowed.includes(value)) {
    throw badRequest(
      `The model "${value.slice(0, 100)}" does not exist for ${endpoint}. Use ${list}.`,
      'model',
      'model_not_found',
    );
  }
  return value;
}

export function optionalNumber(body: Body, key: string, min: number, max: number): number | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) {
    throw badRequest(`${key} must be a number from ${min} to ${max}.`, key);
  }
  return v;
}

export function optionalInteger(body: Body, key: string, min: number, max: number): number | undefined {
  const v = optionalNumber(body, key, min, max);
  if (v !== undefined && !Number.isInteger(v)) {
    throw badRequest(`${key} must be a whole number from ${min} to ${max}.`, key);
  }
  return v;
}

export function optionalBoolean(body: Body, key: string): boolean | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw badRequest(`${key} must be true or false.`, key);
  return v;
}

export function optionalString(body: Body, key: string, maxLength = 1_000_000): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw badRequest(`${key} must be a string.`, key);
  if (v.length > maxLength) throw badRequest(`${key} must be at most ${maxLength} characters.`, key);
  return v;
}

/** `stop` / `stop_sequences`: a string or up to `max` non-empty strings. */
export function stopSequences(body: Body, key: string, max: number, allowString: boolean): string[] {
  const v = body[key];
  if (v === undefined || v === null) return [];
  if (allowString && typeof v === 'string') return [v];
  const shape = allowString
    ? `a string or an array of up to ${max} strings`
    : `an array of up to ${max} strings`;
  if (!Array.isArray(v) || v.length > max) throw badRequest(`${key} must be ${shape}.`, key);
  v.forEach((s, i) => {
    if (typeof s !== 'string' || s.length === 0) {
      throw badRequest(`${key}[${i}] must be a non-empty string.`, `${key}[${i}]`);
    }
  });
  return v as string[];
}
