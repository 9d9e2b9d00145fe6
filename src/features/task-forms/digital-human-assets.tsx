import { useQuery } from '@tanstack/react-query';
import { useBaseUrl } from '@/api/connection-store';
import { publicAvatarsQueryOptions } from '@/api/public-resources';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useTranslation } from '@/lib/i18n';
import { AssetSlot, type SlotSpec } from './asset-slot';
import { isPublicResourceId, type DigitalHumanDraft } from './draft';
import { Counter, Field } from '@/components/form/field';
import type { FieldFeedback } from '@/lib/form/issues';
import { ModeRadios } from './mode-radios';
import type { DigitalHumanField } from './validation';

const AVATAR: SlotSpec = { type: 'image', purpose: 'digital_human_avatar', accept: 'image/*' };
const VOICE: SlotSpec = { type: 'audio', purpose: 'digital_human_voice', accept: 'audio/*' };
const AUTHORIZATION: SlotSpec = {
  purpose: 'digital_human_authorization',
  accept: 'video/*,image/*,audio/*,application/pdf',
};

interface PartProps {
  draft: DigitalHumanDraft;
  set: (change: Partial<DigitalHumanDraft>) => void;
  feedback: (field: DigitalHumanField) => FieldFeedback | undefined;
  fieldId: (field: DigitalHumanField) => string;
}

/** A video: the avatar, the speech (an audio asset or a public URL) and the avatar's name. */
function VideoInputs({ draft, set, feedback, fieldId }: PartProps) {
  const { t } = useTranslation('task-forms');
  const publicAvatars = useQuery(publicAvatarsQueryOptions(useBaseUrl()));
  return (
    <>
      <AssetSlot
        id={fieldId('avatar')}
        label={t('dh.avatar.label')}
        hint={t('dh.avatar.hint')}
        uploadLabel={t('dh.avatar.upload')}
        spec={AVATAR}
        group={draft.group}
        value={draft.avatarAssetId}
        feedback={feedback('avatar')}
        onChange={(avatarAssetId) => set({ avatarAssetId })}
        publicChoices={publicAvatars.data}
      />
      {publicAvatars.data === null && (
        <Field
          id={`${fieldId('avatar')}-public`}
          label={t('dh.publicId.label')}
          hint={t('dh.publicId.unlisted')}
        >
          {(props) => (
            <Input
              {...props}
              text="mono"
              spellCheck={false}
              value={isPublicResourceId(draft.avatarAssetId) ? draft.avatarAssetId : ''}
              onChange={(e) => set({ avatarAssetId: e.target.value.trim() })}
            />
          )}
        </Field>
      )}
      <ModeRadios
        legend={t('dh.audioSource.legend')}
        name="digital-human-audio-source"
        value={draft.audioSource}
        options={[
          { value: 'asset', label: t('dh.audioSource.asset') },
          { value: 'url', label: t('dh.audioSource.url') },
        ]}
        onChange={(audioSource) => set({ audioSource: audioSource as DigitalHumanDraft['audioSource'] })}
      />
      {draft.audioSource === 'asset' ? (
        <AssetSlot
          id={fieldId('audio')}
          label={t('dh.audio.label')}
          hint={t('dh.audio.hint')}
          uploadLabel={t('dh.audio.upload')}
          spec={VOICE}
          group={draft.group}
          value={draft.audioAssetId}
          feedback={feedback('audio')}
          onChange={(audioAssetId) => set({ audioAssetId })}
        />
      ) : (
        <Field
          id={fieldId('audio')}
          label={t('dh.audio.urlLabel')}
          feedback={feedback('audio')}
          hint={t('dh.audio.urlHint')}
        >
          {(props) => (
            <Input
              {...props}
              type="url"
              inputMode="url"
              text="code"
              placeholder="https://example.com/speech.mp3"
              value={draft.audioUrl}
              onChange={(e) => set({ audioUrl: e.target.value })}
              spellCheck={false}
            />
          )}
        </Field>
      )}
      <Field
        id={fieldId('name')}
        label={t('dh.name.label')}
        hint={t('dh.name.hint')}
        feedback={feedback('name')}
        aside={<Counter value={draft.name.trim()} />}
      >
        {(props) => <Input {...props} value={draft.name} onChange={(e) => set({ name: e.target.value })} />}
      </Field>
    </>
  );
}

/** An audio: the text to speak and the voice to speak it in. */
function AudioInputs({ draft, set, feedback, fieldId }: PartProps) {
  const { t } = useTranslation('task-forms');
  return (
    <>
      <Field
        id={fieldId('text')}
        label={t('dh.text.label')}
        hint={t('dh.text.hint')}
        feedback={feedback('text')}
        aside={<Counter value={draft.text} />}
      >
        {(props) => (
          <Textarea {...props} rows={5} value={draft.text} onChange={(e) => set({ text: e.target.value })} />
        )}
      </Field>
      <AssetSlot
        id={fieldId('voice')}
        label={t('dh.voice.label')}
        hint={t('dh.voice.hint')}
        uploadLabel={t('dh.voice.upload')}
        spec={VOICE}
        group={draft.group}
        value={draft.voiceAssetId}
        feedback={feedback('voice')}
        onChange={(voiceAssetId) => set({ voiceAssetId })}
      />
    </>
  );
}

/**
 * The assets of a digital-human task, by mode, and the authorization every task needs. Uploads go
 * into the form's group, so the slots look up and list assets there.
 */
export function DigitalHumanAssets(props: PartProps) {
  const { t } = useTranslation('task-forms');
  const { draft, set, feedback, fieldId } = props;
  return (
    <>
      <h2 className="text-base font-semibold">{t('dh.assetsTitle')}</h2>
      {draft.mode === 'video' ? <VideoInputs {...props} /> : <AudioInputs {...props} />}
      <AssetSlot
        id={fieldId('authorization')}
        label={t('dh.authorization.label')}
        hint={t('dh.authorization.hint')}
        uploadLabel={t('dh.authorization.upload')}
        spec={AUTHORIZATION}
        group={draft.group}
        value={draft.authorizationAssetId}
        feedback={feedback('authorization')}
        onChange={(authorizationAssetId) => set({ authorizationAssetId })}
      />
    </>
  );
}
