/** The most characters of a caller's value that a message repeats. */
export const ECHO_MAX = 80;

/**
 * A value the caller sent, as a message repeats it: cut to `max` characters with an ellipsis, so
 * that a 10 KB id sent back names itself without the answer carrying it whole. The one place every
 * error message that echoes input goes through (decision 571).
 */
export function shown(value: unknown, max = ECHO_MAX): string {
  const text = String(value);
  if (text.length <= max) return text;
  // Never end on half of a surrogate pair.
  return `${text.slice(0, max).replace(/[\uD800-\uDBFF]$/, '')}…`;
}

/** `shown(value)` in double quotes: `Asset group "grp_…" was not found`. */
export const quoted = (value: unknown, max = ECHO_MAX): string => `"${shown(value, max)}"`;
