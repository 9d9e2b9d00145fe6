import {
  VIDEO_RESOLUTIONS,
  allowedResolutions,
  isResolutionAllowed,
  isVideoModel,
  parseRatio,
  resolutionDimensions,
} from '@contract/models';
import { cn } from '@/lib/cn';
import { FieldMessage } from '@/components/form/field';
import { useTranslation } from '@/lib/i18n';
import { CARD, type SettingsProps } from './settings-card';

/** The resolutions with their pixel size at the chosen ratio; those the model lacks are disabled. */
export function ResolutionPicker({ draft, fieldId, feedback, onChange }: SettingsProps) {
  const { t } = useTranslation('composer');
  const resolutionId = fieldId('resolution');
  const resolutionFb = feedback('resolution');
  const model = isVideoModel(draft.model) ? draft.model : undefined;
  const resolutions = [
    ...VIDEO_RESOLUTIONS,
    ...((VIDEO_RESOLUTIONS as readonly string[]).includes(draft.resolution) ? [] : [draft.resolution]),
  ];
  return (
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
        hint={model ? t('resolution.hint', { model, list: allowedResolutions(model).join(', ') }) : undefined}
      />
    </fieldset>
  );
}
