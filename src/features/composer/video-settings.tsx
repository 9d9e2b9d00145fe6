import { useTranslation } from 'react-i18next';
import {
  VIDEO_DURATION,
  VIDEO_MODEL_IDS,
  VIDEO_RESOLUTIONS,
  allowedResolutions,
  isRatioAllowed,
  isResolutionAllowed,
  isVideoModel,
  parseRatio,
  resolutionDimensions,
} from '@contract/models';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/cn';
import type { ComposerDraft } from './draft';
import { Field, FieldMessage, feedbackIsError, type FieldFeedback } from './field';
import type { FieldKey } from './validation';

export const RATIO_PRESETS = ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'] as const;

interface SettingsProps {
  draft: ComposerDraft;
  fieldId: (field: string) => string;
  feedback: (field: FieldKey) => FieldFeedback | undefined;
  onChange: (change: Partial<ComposerDraft>) => void;
}

const CARD =
  'flex cursor-pointer items-center gap-3 rounded-md border bg-background px-3 py-2 text-sm transition-colors hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50';

/** Model cards: each names the resolutions the model offers (specification, Limits). */
export function ModelPicker({
  draft,
  fieldId,
  feedback,
  onModel,
}: Omit<SettingsProps, 'onChange'> & { onModel: (model: string) => void }) {
  const { t } = useTranslation('composer');
  const id = fieldId('model');
  const fb = feedback('model');
  const models = isVideoModel(draft.model) ? VIDEO_MODEL_IDS : [...VIDEO_MODEL_IDS, draft.model];
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={fb ? `${id}-message` : undefined}>
      <legend className="mb-2 text-sm font-medium">{t('model.label')}</legend>
      <div className="grid grid-cols-[repeat(auto-fit,minmax(11rem,1fr))] gap-2" id={id} tabIndex={-1}>
        {models.map((model) => (
          <label key={model} className={cn(CARD, 'flex-col items-start gap-1')}>
            <span className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-radio`}
                value={model}
                checked={draft.model === model}
                onChange={() => onModel(model)}
                aria-labelledby={`${id}-${model}-name`}
                aria-describedby={`${id}-${model}-res`}
                className="accent-primary"
              />
              <span id={`${id}-${model}-name`} className="font-mono text-sm font-medium">
                {model}
              </span>
            </span>
            <span id={`${id}-${model}-res`} className="text-xs text-muted-foreground">
              {isVideoModel(model)
                ? t('model.resolutions', { list: allowedResolutions(model).join(' · ') })
                : t('model.unknown')}
            </span>
          </label>
        ))}
      </div>
      <FieldMessage id={`${id}-message`} feedback={fb} />
    </fieldset>
  );
}

/** A rectangle of the ratio's shape, for the ratio cards. */
function RatioShape({ ratio }: { ratio: string }) {
  const r = parseRatio(ratio);
  const box = 28;
  const ok = r && isRatioAllowed(ratio);
  const w = ok ? (r.w >= r.h ? box : Math.round((box * r.w) / r.h)) : box;
  const h = ok ? (r.h >= r.w ? box : Math.round((box * r.h) / r.w)) : box;
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

export function VideoSettings({ draft, fieldId, feedback, onChange }: SettingsProps) {
  const { t } = useTranslation('composer');
  const ratioId = fieldId('ratio');
  const resolutionId = fieldId('resolution');
  const isPreset = (RATIO_PRESETS as readonly string[]).includes(draft.ratio);
  const ratioFb = feedback('ratio');
  const resolutionFb = feedback('resolution');
  const model = isVideoModel(draft.model) ? draft.model : undefined;
  const resolutions = [
    ...VIDEO_RESOLUTIONS,
    ...((VIDEO_RESOLUTIONS as readonly string[]).includes(draft.resolution) ? [] : [draft.resolution]),
  ];

  return (
    <div className="flex flex-col gap-5">
      <Field
        id={fieldId('duration')}
        label={t('duration.label')}
        feedback={feedback('duration')}
        hint={t('duration.hint', { min: VIDEO_DURATION.min, max: VIDEO_DURATION.max })}
        className="max-w-xs"
      >
        {(props) => (
          <Input
            {...props}
            type="number"
            inputMode="numeric"
            min={VIDEO_DURATION.min}
            max={VIDEO_DURATION.max}
            step={1}
            value={draft.duration}
            onChange={(e) => onChange({ duration: e.target.value })}
          />
        )}
      </Field>

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

      <fieldset aria-describedby={`${resolutionId}-message`}>
        <legend className="mb-2 text-sm font-medium">{t('resolution.label')}</legend>
        <div className="flex flex-wrap gap-2" id={resolutionId} tabIndex={-1}>
          {resolutions.map((resolution) => {
            const offered = !model || isResolutionAllowed(model, resolution);
            const known = (VIDEO_RESOLUTIONS as readonly string[]).includes(resolution);
            const size =
              known && parseRatio(draft.ratio)
                ? resolutionDimensions(resolution as '720p', draft.ratio)
                : undefined;
            return (
              <label
                key={resolution}
                className={cn(CARD, !offered && draft.resolution === resolution && 'border-destructive')}
              >
                <input
                  type="radio"
                  name={`${resolutionId}-radio`}
                  className="accent-primary"
                  checked={draft.resolution === resolution}
                  // A resolution the model does not offer can only be held by a loaded request; it stays
                  // visible (and refused) so the person sees what changed.
                  disabled={!offered && draft.resolution !== resolution}
                  onChange={() => onChange({ resolution })}
                  aria-label={resolution}
                />
                <span className="font-medium">{resolution}</span>
                {size && (
                  <span className="text-xs text-muted-foreground">
                    {size.width}×{size.height}
                  </span>
                )}
              </label>
            );
          })}
        </div>
        <FieldMessage
          id={`${resolutionId}-message`}
          feedback={resolutionFb}
          hint={
            model ? t('resolution.hint', { model, list: allowedResolutions(model).join(', ') }) : undefined
          }
        />
      </fieldset>

      <div className="flex flex-wrap gap-6">
        <CheckboxField
          id={fieldId('generateAudio')}
          label={t('audio.label')}
          hint={t('audio.hint')}
          checked={draft.generateAudio}
          onChange={(generateAudio) => onChange({ generateAudio })}
        />
        <CheckboxField
          id={fieldId('watermark')}
          label={t('watermark.label')}
          hint={t('watermark.hint')}
          checked={draft.watermark}
          onChange={(watermark) => onChange({ watermark })}
        />
      </div>
    </div>
  );
}

function shapeOf(ratio: string): 'landscape' | 'portrait' | 'square' {
  const r = parseRatio(ratio)!;
  return r.w > r.h ? 'landscape' : r.w < r.h ? 'portrait' : 'square';
}

function CheckboxField(props: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <div className="flex items-start gap-2">
      <Checkbox
        id={props.id}
        checked={props.checked}
        onCheckedChange={(v) => props.onChange(v === true)}
        aria-describedby={`${props.id}-hint`}
        className="mt-0.5"
      />
      <div className="flex flex-col gap-1">
        <Label htmlFor={props.id}>{props.label}</Label>
        <p id={`${props.id}-hint`} className="text-xs text-muted-foreground">
          {props.hint}
        </p>
      </div>
    </div>
  );
}
