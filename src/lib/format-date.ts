/*
 * Dates in the reader's language. Intl formatters are costly to construct (a locale data lookup)
 * and a virtualised grid formats dozens of dates per scroll frame, so one formatter per locale and
 * style is kept.
 */

/**
 * `short`: lists and cards (Nov 23, 2026, 1:05 AM); `precise`: when a task started or a webhook
 * arrived, where seconds matter; `full`: with weekday and time zone, the hover text of a short one.
 */
export type DateStyle = 'short' | 'precise' | 'full';

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  short: { dateStyle: 'medium', timeStyle: 'short' },
  precise: { dateStyle: 'medium', timeStyle: 'medium' },
  full: { dateStyle: 'full', timeStyle: 'long' },
};

const formats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string | undefined, style: DateStyle): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${style}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, STYLES[style]);
    formats.set(key, format);
  }
  return format;
}

/** Milliseconds since the epoch (Date.now(), a stored timestamp), or an em dash when unknown. */
export function formatDateMs(ms: number | undefined, locale?: string, style: DateStyle = 'short'): string {
  if (ms === undefined || !Number.isFinite(ms) || ms <= 0) return '—';
  return dateFormat(locale, style).format(ms);
}

/** Unix seconds (the API's time unit), or an em dash when unknown. */
export function formatUnixTime(
  unixSeconds: number | undefined,
  locale?: string,
  style: DateStyle = 'short',
): string {
  return formatDateMs(unixSeconds === undefined ? undefined : unixSeconds * 1000, locale, style);
}
