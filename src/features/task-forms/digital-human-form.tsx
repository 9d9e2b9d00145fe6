import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { DIGITAL_HUMAN_AUDIO_MODELS, DIGITAL_HUMAN_VIDEO_MODELS } from '@contract/models';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useApiKey } from '@/api/connection-store';
import { groupQueries } from '@/api/groups';
import { AssetSlot, useAssetDetail, type SlotSpec } from './asset-slot';
import { digitalHumanToBody, type DigitalHumanDraft } from './draft';
import { Counter, FormField, type Feedback } from './form-field';
import { CallbackField, SubmitPanel } from './form-parts';
import { ModeRadios } from './mode-radios';
import { useTaskFormsStore } from './task-forms-store';
import { pinnedMessage, useSubmitTask } from './use-submit-task';
import {
  digitalHumanFieldOfParam,
  firstIssueByField,
  LIMITS,
  validateDigitalHuman,
  type DigitalHumanField,
} from './validation';

const FORM_ID = 'digital-human';
export const dhFieldId = (field: DigitalHumanField) => `${FORM_ID}-${field}`;

const AVATAR: SlotSpec = { type: 'image', purpose: 'digital_human_avatar', accept: 'image/*' };
const VOICE: SlotSpec = { type: 'audio', purpose: 'digital_human_voice', accept: 'audio/*' };
const AUTHORIZATION: SlotSpec = {
  purpose: 'digital_human_authorization',
  accept: 'video/*,image/*,audio/*,application/pdf',
};

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

function focusField(field: DigitalHumanField) {
  const el = document.getElementById(dhFieldId(field));
  const target = el?.matches('input, select, textarea')
    ? el
    : el?.querySelector<HTMLElement>('input:checked, input, select, textarea');
  target?.focus();
  target?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
}

/** Digital-human video (an avatar speaking an audio) and audio (a text in a voice), by the specification's flow. */
export function DigitalHumanForm() {
  const { t } = useTranslation('task-forms');
  const draft = useTaskFormsStore((s) => s.digitalHuman);
  const changed = useTaskFormsStore((s) => s.digitalHumanChanged);
  const apiKey = useApiKey();
  const [attempted, setAttempted] = useState(false);
  const groups = useQuery(groupQueries.list());
  const avatar = useAssetDetail(draft.mode === 'video' ? draft.avatarAssetId : '', draft.group);
  const audio = useAssetDetail(
    draft.mode === 'video' && draft.audioSource === 'asset' ? draft.audioAssetId : '',
    draft.group,
  );
  const voice = useAssetDetail(draft.mode === 'audio' ? draft.voiceAssetId : '', draft.group);
  const authorization = useAssetDetail(draft.authorizationAssetId, draft.group);
  const { submit, pending, refusal, dismissRefusal } = useSubmitTask(digitalHumanFieldOfParam, (r) => {
    if (r.field) requestAnimationFrame(() => focusField(r.field!));
  });

  const known = [avatar.data, audio.data, voice.data, authorization.data];
  const body = useMemo(() => digitalHumanToBody(draft), [draft]);
  const issues = validateDigitalHuman(draft, {
    secrets: apiKey ? [apiKey] : [],
    lookup: (id) => known.find((a) => a?.id === id),
  });
  const shown = firstIssueByField(attempted ? issues : issues.filter((i) => !i.code.endsWith('Required')));

  const feedback = (field: DigitalHumanField): Feedback | undefined => {
    const issue = shown.get(field);
    const server = pinnedMessage(refusal, field, PARAM_OF[field], body);
    return issue || server ? { issue, serverMessage: server } : undefined;
  };

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setAttempted(true);
    if (issues.length > 0) {
      requestAnimationFrame(() => focusField(issues[0]!.field));
      return;
    }
    submit(body, draft.mode === 'video' ? 'digital_human_video' : 'digital_human_audio');
  }

  const groupOptions = groups.data?.data ?? [];
  const set = (change: Partial<DigitalHumanDraft>) => changed(change);
  const models = draft.mode === 'video' ? DIGITAL_HUMAN_VIDEO_MODELS : DIGITAL_HUMAN_AUDIO_MODELS;

  return (
    <form
      id={FORM_ID}
      noValidate
      onSubmit={onSubmit}
      className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]"
    >
      <div className="flex min-w-0 flex-col gap-6">
        <Card>
          <CardContent className="flex flex-col gap-5 pt-5">
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
              <FormField id={dhFieldId('model')} label={t('fields.model')} feedback={feedback('model')}>
                {(props) => (
                  <Select
                    {...props}
                    value={draft.mode === 'video' ? draft.videoModel : draft.audioModel}
                    onChange={(e) =>
                      set(
                        draft.mode === 'video'
                          ? { videoModel: e.target.value }
                          : { audioModel: e.target.value },
                      )
                    }
                  >
                    {models.map((m) => (
                      <option key={m} value={m}>
                        {m}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
              <FormField id={`${FORM_ID}-group`} label={t('fields.group')} hint={t('dh.groupHint')}>
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
                    {!groupOptions.some((g) => g.id === DEFAULT_GROUP_ID) && (
                      <option value={DEFAULT_GROUP_ID}>{t('fields.defaultGroup')}</option>
                    )}
                    {!groupOptions.some((g) => g.id === draft.group) && draft.group !== DEFAULT_GROUP_ID && (
                      <option value={draft.group}>{draft.group}</option>
                    )}
                    {groupOptions.map((g) => (
                      <option key={g.id} value={g.id}>
                        {g.id === DEFAULT_GROUP_ID ? t('fields.defaultGroup') : g.name || g.id}
                      </option>
                    ))}
                  </Select>
                )}
              </FormField>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="flex flex-col gap-5 pt-5">
            <h2 className="text-base font-semibold">{t('dh.assetsTitle')}</h2>
            {draft.mode === 'video' ? (
              <>
                <AssetSlot
                  id={dhFieldId('avatar')}
                  label={t('dh.avatar.label')}
                  hint={t('dh.avatar.hint')}
                  uploadLabel={t('dh.avatar.upload')}
                  spec={AVATAR}
                  group={draft.group}
                  value={draft.avatarAssetId}
                  feedback={feedback('avatar')}
                  onChange={(avatarAssetId) => set({ avatarAssetId })}
                />
                <ModeRadios
                  legend={t('dh.audioSource.legend')}
                  name="digital-human-audio-source"
                  value={draft.audioSource}
                  options={[
                    { value: 'asset', label: t('dh.audioSource.asset') },
                    { value: 'url', label: t('dh.audioSource.url') },
                  ]}
                  onChange={(audioSource) =>
                    set({ audioSource: audioSource as DigitalHumanDraft['audioSource'] })
                  }
                />
                {draft.audioSource === 'asset' ? (
                  <AssetSlot
                    id={dhFieldId('audio')}
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
                  <FormField
                    id={dhFieldId('audio')}
                    label={t('dh.audio.urlLabel')}
                    feedback={feedback('audio')}
                    hint={t('dh.audio.urlHint')}
                  >
                    {(props) => (
                      <Input
                        {...props}
                        type="url"
                        inputMode="url"
                        className="font-mono text-xs"
                        placeholder="https://example.com/speech.mp3"
                        value={draft.audioUrl}
                        onChange={(e) => set({ audioUrl: e.target.value })}
                        spellCheck={false}
                      />
                    )}
                  </FormField>
                )}
                <FormField
                  id={dhFieldId('name')}
                  label={t('dh.name.label')}
                  hint={t('dh.name.hint')}
                  feedback={feedback('name')}
                  aside={<Counter value={draft.name.trim()} max={LIMITS.name} />}
                >
                  {(props) => (
                    <Input {...props} value={draft.name} onChange={(e) => set({ name: e.target.value })} />
                  )}
                </FormField>
              </>
            ) : (
              <>
                <FormField
                  id={dhFieldId('text')}
                  label={t('dh.text.label')}
                  hint={t('dh.text.hint')}
                  feedback={feedback('text')}
                  aside={<Counter value={draft.text} max={LIMITS.text} />}
                >
                  {(props) => (
                    <Textarea
                      {...props}
                      rows={5}
                      value={draft.text}
                      onChange={(e) => set({ text: e.target.value })}
                    />
                  )}
                </FormField>
                <AssetSlot
                  id={dhFieldId('voice')}
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
            )}
            <AssetSlot
              id={dhFieldId('authorization')}
              label={t('dh.authorization.label')}
              hint={t('dh.authorization.hint')}
              uploadLabel={t('dh.authorization.upload')}
              spec={AUTHORIZATION}
              group={draft.group}
              value={draft.authorizationAssetId}
              feedback={feedback('authorization')}
              onChange={(authorizationAssetId) => set({ authorizationAssetId })}
            />
          </CardContent>
        </Card>
        <Card>
          <CardContent className="flex flex-col gap-5 pt-5">
            <CallbackField
              id={dhFieldId('callbackUrl')}
              value={draft.callbackUrl}
              feedback={feedback('callbackUrl')}
              onChange={(callbackUrl) => set({ callbackUrl })}
            />
          </CardContent>
        </Card>
      </div>
      <SubmitPanel
        body={body}
        problems={attempted ? issues.length : 0}
        refusal={refusal}
        pending={pending}
        submitLabel={draft.mode === 'video' ? t('dh.submitVideo') : t('dh.submitAudio')}
        onDismissRefusal={dismissRefusal}
      />
    </form>
  );
}
