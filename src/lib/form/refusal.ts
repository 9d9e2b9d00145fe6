import { isApiRequestError } from '@/api/api-client';
import { errorMessage } from '@/lib/notify';

/**
 * A refusal of the last submit, kept whole for the submit panel (status, code, param, request id)
 * and pinned to the field its `param` names while that field still holds what was refused.
 */
export interface Refusal<F extends string, S> {
  message: string;
  field?: F;
  /** What the form held when it was refused: the field marker goes once the field differs. */
  snapshot: S;
  error: unknown;
  /** The request (by its index in the submitted list) the server refused. */
  index: number;
  /** Tasks of the same submit created before the refusal (they are tracked, never lost). */
  created: string[];
}

/**
 * The field a refusal points at: by its `param` mostly; the refusal itself is passed for a form
 * that can tell the field from more (a 400 naming no param, whose message names an asset).
 */
export type FieldOfParam<F extends string, S> = (
  param: string | undefined,
  snapshot: S,
  index: number,
  refusal: { status: number; message: string },
) => F | undefined;

/** What went wrong with a request, as a form keeps it; a network failure names no field. */
export function refusalOf<F extends string, S>(
  error: unknown,
  snapshot: S,
  fieldOfParam: FieldOfParam<F, S>,
  index = 0,
  created: string[] = [],
): Refusal<F, S> {
  const api = isApiRequestError(error) ? error : undefined;
  return {
    message: errorMessage(error),
    field:
      api && !api.isNetworkError
        ? fieldOfParam(api.info.param, snapshot, index, { status: api.status, message: api.info.message })
        : undefined,
    snapshot,
    error,
    index,
    created,
  };
}
