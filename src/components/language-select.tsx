import { useId } from 'react';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { changeLanguage, isLanguage, LANGUAGE_NAMES, LANGUAGES, useTranslation } from '@/lib/i18n';

/** English / 简体中文; the choice is remembered on this device. */
export function LanguageSelect({
  className,
  showLabel = false,
}: {
  className?: string;
  showLabel?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <label htmlFor={id} className={showLabel ? 'text-sm font-medium' : 'sr-only'}>
        {t('language.label')}
      </label>
      <Select
        id={id}
        value={current}
        onChange={(e) => {
          if (isLanguage(e.target.value)) void changeLanguage(e.target.value);
        }}
        className="w-[6.5rem] sm:w-32"
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </Select>
    </div>
  );
}
