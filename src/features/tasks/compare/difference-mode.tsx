import { useTranslation } from '@/lib/i18n';
import { Overlay, type OverlayProps } from './compare-overlay';

/**
 * The difference of two: the second over the first with `mix-blend-mode: difference`, black where
 * the frames agree, on the current frame of playing or paused video and on stills alike.
 */
export function DifferenceMode(props: OverlayProps) {
  const { t } = useTranslation('tasks');
  return (
    <Overlay
      {...props}
      mode="difference"
      secondStyle={{ mixBlendMode: 'difference' }}
      below={<p className="text-sm text-muted-foreground">{t('compare.differenceHint')}</p>}
    />
  );
}
