import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useBaseUrl } from '@/api/connection-store';
import { publicAvatarsQueryOptions } from '@/api/public-resources';
import { Card, CardContent } from '@/components/ui/card';
import { useApiKey } from '@/api/connection-store';
import { useTranslation } from '@/lib/i18n';
import { useAssetDetail } from './asset-slot';
import { DigitalHumanAssets } from './digital-human-assets';
import { DigitalHumanSetup } from './digital-human-setup';
import { digitalHumanToBody, isPublicResourceId } from './draft';
import { TaskFormLayout } from './form-parts';
import { useTaskFormsStore } from './task-forms-store';
import { fieldIdOf, useTaskForm } from './use-task-form';
import { digitalHumanFieldOfParam, validateDigitalHuman, type DigitalHumanField } from './validation';

const FORM_ID = 'digital-human';
const fieldId = (field: DigitalHumanField) => fieldIdOf(FORM_ID, field);

/** The body field each form field fills (the authorization is never sent). */
const PARAM_OF: Record<DigitalHumanField, string | undefined> = {
  model: 'model',
  avatar: 'avatar_asset_id',
  audio: 'audio_url',
  name: 'name',
  text: 'text',
  voice: 'voice_asset_id',
  authorization: undefined,
  callbackUrl: 'callback_url',
};

/** Digital-human video (an avatar speaking an audio) and audio (a text in a voice), by the specification's flow. */
export function DigitalHumanForm() {
  const { t } = useTranslation('task-forms');
  const draft = useTaskFormsStore((s) => s.digitalHuman);
  const set = useTaskFormsStore((s) => s.digitalHumanChanged);
  const apiKey = useApiKey();
  // The picked assets, fetched so validation can check their type, purpose and readiness.
  const publicAvatars = useQuery(publicAvatarsQueryOptions(useBaseUrl()));
  const publicAvatar =
    (publicAvatars.data?.some((p) => p.id === draft.avatarAssetId) ?? false) ||
    isPublicResourceId(draft.avatarAssetId);
  const avatar = useAssetDetail(
    draft.mode === 'video' && !publicAvatar ? draft.avatarAssetId : '',
    draft.group,
  );
  const audio = useAssetDetail(
    draft.mode === 'video' && draft.audioSource === 'asset' ? draft.audioAssetId : '',
    draft.group,
  );
  const voice = useAssetDetail(draft.mode === 'audio' ? draft.voiceAssetId : '', draft.group);
  const authorization = useAssetDetail(draft.authorizationAssetId, draft.group);
  const known = [avatar.data, audio.data, voice.data, authorization.data];

  const body = useMemo(() => {
    const built = digitalHumanToBody(draft);
    // A public resource id is sent as the id itself, the form the specification's flow names.
    return publicAvatar && 'avatar_asset_id' in built
      ? { ...built, avatar_asset_id: draft.avatarAssetId.trim() }
      : built;
  }, [draft, publicAvatar]);
  const { feedback, formProps, panel } = useTaskForm({
    formId: FORM_ID,
    kind: draft.mode === 'video' ? 'digital_human_video' : 'digital_human_audio',
    body,
    issues: validateDigitalHuman(draft, {
      secrets: apiKey ? [apiKey] : [],
      lookup: (id) => known.find((a) => a?.id === id),
    }),
    fieldOfParam: digitalHumanFieldOfParam,
    paramOf: PARAM_OF,
  });
  const parts = { draft, set, feedback, fieldId };

  return (
    <TaskFormLayout
      formId={FORM_ID}
      formProps={formProps}
      callback={{
        id: fieldId('callbackUrl'),
        value: draft.callbackUrl,
        feedback: feedback('callbackUrl'),
        onChange: (callbackUrl) => set({ callbackUrl }),
      }}
      panel={{ ...panel, submitLabel: draft.mode === 'video' ? t('dh.submitVideo') : t('dh.submitAudio') }}
    >
      <Card>
        <CardContent standalone className="flex flex-col gap-5">
          <DigitalHumanSetup formId={FORM_ID} {...parts} />
        </CardContent>
      </Card>
      <Card>
        <CardContent standalone className="flex flex-col gap-5">
          <DigitalHumanAssets {...parts} />
        </CardContent>
      </Card>
    </TaskFormLayout>
  );
}
