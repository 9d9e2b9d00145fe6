import { badRequest } from '../../errors';

/**
 * The checks the text endpoints share before their contract schema (contract/text-requests.ts):
 * a JSON object body, and a model of the endpoint (with the codes the official clients map:
 * missing_required_parameter, model_not_found).
 */
type Body = Record<string, unknown>;

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
