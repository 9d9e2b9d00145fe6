import { DIGITAL_HUMAN_AUDIO_MODELS, DIGITAL_HUMAN_VIDEO_MODELS } from '@contract/models';
import { GroupOptions } from '@/components/group-options';
import { Select } from '@/components/ui/select';
import { useTranslation } from '@/lib/i18n';
import type { DigitalHumanDraft } from './draft';
import { Field } from '@/components/form/field';
import type { FieldFeedback } from '@/lib/form/issues';
import { ModeRadios } from './mode-radios';
import type { DigitalHumanField } from './validation';
import { ModelInput } from './model-input';

/** What kind of digital-human task, with which model, and the group its assets live in. */
export function DigitalHumanSetup({
  formId,
  draft,
  set,
  feedback,
  fieldId,
}: {
  formId: string;
  draft: DigitalHumanDraft;
  set: (change: Partial<DigitalHumanDraft>) => void;
  feedback: (field: DigitalHumanField) => FieldFeedback | undefined;
  fieldId: (field: DigitalHumanField) => string;
}) {
  const { t } = useTranslation('task-forms');
  const models = draft.mode === 'video' ? DIGITAL_HUMAN_VIDEO_MODELS : DIGITAL_HUMAN_AUDIO_MODELS;
  return (
    <>
      <ModeRadios
        legend={t('dh.mode.legend')}
        name="digital-human-mode"
        value={draft.mode}
        options={[
          { value: 'video', label: t('dh.mode.video'), hint: t('dh.mode.videoHint') },
          { value: 'audio', label: t('dh.mode.audio'), hint: t('dh.mode.audioHint') },
        ]}
        onChange={(mode) => set({ mode: mode as DigitalHumanDraft['mode'] })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={fieldId('model')} label={t('fields.model')} feedback={feedback('model')}>
          {(props) => (
            <ModelInput
              {...props}
              known={models}
              value={draft.mode === 'video' ? draft.videoModel : draft.audioModel}
              onChange={(model) =>
                set(draft.mode === 'video' ? { videoModel: model } : { audioModel: model })
              }
            />
          )}
        </Field>
        <Field id={`${formId}-group`} label={t('fields.group')} hint={t('dh.groupHint')}>
          {(props) => (
            <Select
              {...props}
              value={draft.group}
              onChange={(e) =>
                // Assets are looked up within their group: picks from the old group no longer resolve.
                set({
                  group: e.target.value,
                  avatarAssetId: '',
                  audioAssetId: '',
                  voiceAssetId: '',
                  authorizationAssetId: '',
                })
              }
            >
              <GroupOptions value={draft.group} />
            </Select>
          )}
        </Field>
      </div>
    </>
  );
}
