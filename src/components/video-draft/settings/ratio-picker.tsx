import { parseRatio } from '@contract/models';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import { FieldMessage, feedbackIsError } from '@/components/form/field';
import { useTranslation } from '@/lib/i18n';
import { CARD, type SettingsProps } from './settings-card';

const RATIO_PRESETS = ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'] as const;

/** A rectangle of the ratio's shape, for the ratio cards. */
function RatioShape({ ratio }: { ratio: string }) {
  const r = parseRatio(ratio);
  const box = 28;
  const ok = r !== undefined;
  // An extreme proportion (100:1) still shows as a visible sliver.
  const side = (n: number) => Math.max(3, Math.round(n));
  const w = ok ? (r.w >= r.h ? box : side((box * r.w) / r.h)) : box;
  const h = ok ? (r.h >= r.w ? box : side((box * r.h) / r.w)) : box;
  return (
    <span className="flex size-8 shrink-0 items-center justify-center" aria-hidden="true">
      <span
        data-testid="ratio-shape"
        className={cn(
          'rounded-[3px] border-2',
          ok ? 'border-current' : 'border-dashed border-muted-foreground',
        )}
        style={{ width: w, height: h }}
      />
    </span>
  );
}

function shapeOf(ratio: string): 'landscape' | 'portrait' | 'square' {
  const r = parseRatio(ratio)!;
  return r.w > r.h ? 'landscape' : r.w < r.h ? 'portrait' : 'square';
}

/** The common ratios as cards with their shape, or a custom `W:H`. */
export function RatioPicker({ draft, fieldId, feedback, onChange }: SettingsProps) {
  const { t } = useTranslation('composer');
  const ratioId = fieldId('ratio');
  const isPreset = (RATIO_PRESETS as readonly string[]).includes(draft.ratio);
  const ratioFb = feedback('ratio');
  return (
    <fieldset aria-describedby={ratioFb ? `${ratioId}-message` : undefined}>
      <legend className="mb-2 text-sm font-medium">{t('ratio.label')}</legend>
      <div className="flex flex-wrap gap-2" id={ratioId} tabIndex={-1}>
        {RATIO_PRESETS.map((ratio) => (
          <label key={ratio} className={CARD}>
            <input
              type="radio"
              className="sr-only"
              name={`${ratioId}-radio`}
              checked={draft.ratio === ratio}
              onChange={() => onChange({ ratio })}
              aria-label={t('ratio.option', { ratio, shape: t(`ratio.shape.${shapeOf(ratio)}`) })}
            />
            <RatioShape ratio={ratio} />
            <span className="font-mono">{ratio}</span>
          </label>
        ))}
        <label className={CARD}>
          <input
            type="radio"
            className="sr-only"
            name={`${ratioId}-radio`}
            checked={!isPreset}
            onChange={() => onChange({ ratio: isPreset ? '2:1' : draft.ratio })}
            aria-label={t('ratio.custom')}
          />
          <RatioShape ratio={isPreset ? '' : draft.ratio} />
          <span>{t('ratio.custom')}</span>
        </label>
      </div>
      {!isPreset && (
        <div className="mt-2 flex max-w-48 flex-col gap-1.5">
          <Label htmlFor={`${ratioId}-custom`}>{t('ratio.customLabel')}</Label>
          <Input
            id={`${ratioId}-custom`}
            value={draft.ratio}
            placeholder="2:1"
            aria-invalid={feedbackIsError(ratioFb) || undefined}
            aria-describedby={`${ratioId}-message`}
            onChange={(e) => onChange({ ratio: e.target.value })}
          />
        </div>
      )}
      <FieldMessage
        id={`${ratioId}-message`}
        feedback={ratioFb}
        hint={!isPreset ? t('ratio.customHint') : undefined}
      />
    </fieldset>
  );
}
