import { useTranslation } from '@/lib/i18n';
import type { TakeSettings } from './storyboard';

/** What a take was made with, in one line: model, length, size, camera move and first frame. */
export function useTakeSettingsText() {
  const { t } = useTranslation('storyboard');
  return (s: TakeSettings) =>
    [
      s.model,
      s.duration !== undefined ? t('takes.seconds', { seconds: s.duration }) : null,
      s.resolution,
      s.ratio,
      s.seed !== undefined ? t('takes.seed', { seed: s.seed }) : null,
      s.camera ? t(`camera.${s.camera}`) : null,
      s.frameAt !== undefined ? t('takes.frameAt', { seconds: s.frameAt.toFixed(2) }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
}

export function TakeSettingsLine({ settings, n }: { settings: TakeSettings | undefined; n: number }) {
  const { t } = useTranslation('storyboard');
  const text = useTakeSettingsText();
  if (!settings) return null;
  return (
    <details className="text-xs text-muted-foreground" data-testid={`take-settings-${n}`}>
      <summary className="cursor-pointer">{t('takes.madeWith', { settings: text(settings) })}</summary>
      <p className="mt-1 whitespace-pre-wrap break-words">{settings.prompt}</p>
    </details>
  );
}
