import type { ErrorType } from '@contract/errors';

/**
 * An error that becomes the JSON envelope of LOCAL_API.md. Throw it from any route or service; the
 * app's error handler adds request_id and trace_id. The message must say what to fix.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly options: {
      type?: ErrorType;
      code?: string;
      param?: string;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get type(): ErrorType {
    return this.options.type ?? errorTypeForStatus(this.status);
  }
}

export function errorTypeForStatus(status: number): ErrorType {
  if (status === 401) return 'authentication_error';
  if (status === 402) return 'quota_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

export const badRequest = (message: string, param?: string, code = 'invalid_parameter') =>
  new ApiError(400, message, { code, param });
