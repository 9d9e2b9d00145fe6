import { VIDEO_DURATION, VIDEO_MODEL_IDS, allowedResolutions, isVideoModel } from '@contract/models';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Field, FieldMessage } from '@/components/form/field';
import { useTranslation } from '@/lib/i18n';
import { RatioPicker } from './ratio-picker';
import { ResolutionPicker } from './resolution-picker';
import { STACKED_CARD, type SettingsProps } from './settings-card';

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
          <label key={model} className={STACKED_CARD}>
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

/** Duration, ratio, resolution, audio and watermark of the video. */
export function VideoSettings({ draft, fieldId, feedback, onChange }: SettingsProps) {
  const { t } = useTranslation('composer');

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
            inputMode="decimal"
            min={VIDEO_DURATION.min}
            max={VIDEO_DURATION.max}
            step="any"
            value={draft.duration}
            onChange={(e) => onChange({ duration: e.target.value })}
          />
        )}
      </Field>

      <RatioPicker draft={draft} fieldId={fieldId} feedback={feedback} onChange={onChange} />
      <ResolutionPicker draft={draft} fieldId={fieldId} feedback={feedback} onChange={onChange} />

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
