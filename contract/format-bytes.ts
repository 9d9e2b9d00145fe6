/*
 * Intl formatters are costly to construct (locale data lookup); a virtualised grid formats dozens
 * of values per scroll frame, so one formatter per locale and precision is kept.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string | undefined, digits: number): Intl.NumberFormat {
  const key = `${locale ?? ''}|${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits });
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * Bytes as a short human size (1.2 MB), for the dashboard and the server's error messages alike;
 * the unit names are international symbols, not words, and count in 1024s.
 */
export function formatBytes(bytes: number | undefined, locale?: string): string {
  if (bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${numberFormat(locale, digits).format(value)} ${units[unit]}`;
}
