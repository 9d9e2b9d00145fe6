import { useTranslation } from '@/lib/i18n';

/**
 * A varied value with its unit ("10 s") and with the parameter named ("Duration 10 s"), in the
 * reader's language. A prompt is cut to a few words: it is told apart, not read, on a tile.
 */
export function useVariantWords() {
  const { t } = useTranslation('tasks');
  const value = (field: string, raw: string): string => {
    if (field === 'duration') return t('batch.units.duration', { value: raw });
    if (field === 'prompt') return raw.length > 32 ? `${raw.slice(0, 31)}…` : raw;
    return raw;
  };
  return {
    value,
    param: (field: string, raw: string) =>
      t('batch.param', {
        field: t(`batch.fieldNames.${field}`, { defaultValue: field }),
        value: value(field, raw),
      }),
  };
}
