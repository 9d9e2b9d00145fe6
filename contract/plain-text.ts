import * as z from 'zod/mini';

// C0 controls (NUL, escape, backspace…), DEL and C1 controls. A name holding them cannot be shown,
// searched or logged faithfully (NUL truncates in C libraries, escapes repaint terminals). Matching
// control characters is the point of these expressions.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// Free text keeps tab and line breaks.
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Whether `value` holds a control character (tab and line breaks are allowed when `multiline`). */
export function hasControlCharacters(value: string, opts: { multiline?: boolean } = {}): boolean {
  return (opts.multiline ? CONTROL_EXCEPT_BREAKS : CONTROL).test(value);
}

/**
 * A check refusing control characters in a text field, naming the field. Its issue carries a code
 * in its params (one per variant, as they allow different things), for a form to word it.
 */
export function plainText(field: string, opts: { multiline?: boolean } = {}) {
  return z.refine<string>((value) => !hasControlCharacters(value, opts), {
    params: { code: opts.multiline ? 'controlCharactersMultiline' : 'controlCharacters' },
    message: opts.multiline
      ? `${field} must not contain control characters such as NUL (tabs and line breaks are fine)`
      : `${field} must not contain control characters such as NUL, tabs or line breaks`,
  });
}

/** `value` without control characters, for names taken from elsewhere (a file name, a URL). */
export function withoutControlCharacters(value: string): string {
  return value.replace(new RegExp(CONTROL.source, 'g'), '');
}
