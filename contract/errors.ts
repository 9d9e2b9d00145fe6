import { isRecord } from './is-record';
/** The error categories of the specification, as `error.type` values (LOCAL_API.md). */
export const ERROR_TYPES = [
  'authentication_error',
  'invalid_request_error',
  'quota_error',
  'rate_limit_error',
  'server_error',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

/** A failed HTTP call, normalised: what the dashboard shows and what a person copies for support. */
export interface ApiErrorInfo {
  status: number;
  message: string;
  type?: string;
  code?: string;
  param?: string;
  requestId?: string;
  traceId?: string;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const MAX_RAW_TEXT = 500;

function str(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

/**
 * Specification, Errors rule 1: a status >= 400 carries JSON whose `error.message` holds the text;
 * otherwise fall back to the raw text, then to the status. Never throws, whatever the body.
 * `body` may be the raw response text or an already parsed value.
 */
export function parseApiError(
  status: number,
  body: unknown,
  headers?: { requestId?: string | null; traceId?: string | null },
): ApiErrorInfo {
  const safeStatus = Number.isInteger(status) ? status : 0;
  let parsed: unknown = body;
  let rawText: string | undefined;
  if (typeof body === 'string') {
    rawText = body;
    try {
      parsed = JSON.parse(body);
    } catch {
      parsed = undefined;
    }
  }

  const info: ApiErrorInfo = { status: safeStatus, message: '' };
  if (isRecord(parsed)) {
    const err = parsed.error;
    if (isRecord(err)) {
      info.message = str(err.message) ?? '';
      info.type = str(err.type);
      info.code = str(err.code) ?? (typeof err.code === 'number' ? String(err.code) : undefined);
      info.param = str(err.param);
    } else if (str(err)) {
      info.message = err as string;
    }
    if (!info.message) info.message = str(parsed.message) ?? str(parsed.detail) ?? '';
    info.requestId = str(parsed.request_id);
    info.traceId = str(parsed.trace_id);
  }
  if (!info.message && rawText !== undefined && rawText.trim() !== '' && !isRecord(parsed)) {
    const text = rawText.trim();
    info.message = text.length > MAX_RAW_TEXT ? `${text.slice(0, MAX_RAW_TEXT)}…` : text;
  }
  if (!info.message) {
    const label = STATUS_TEXT[safeStatus];
    info.message = safeStatus ? `HTTP ${safeStatus}${label ? ` ${label}` : ''}` : 'Request failed';
  }
  info.requestId ??= str(headers?.requestId);
  info.traceId ??= str(headers?.traceId);
  return info;
}
