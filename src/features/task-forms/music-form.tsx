import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MUSIC_MODELS } from '@contract/models';
import { Card, CardContent } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useApiKey } from '@/api/connection-store';
import { musicToBody } from './draft';
import { Counter, FormField, type Feedback } from './form-field';
import { CallbackField, SubmitPanel } from './form-parts';
import { useTaskFormsStore } from './task-forms-store';
import { pinnedMessage, useSubmitTask } from './use-submit-task';
import { firstIssueByField, LIMITS, musicFieldOfParam, validateMusic, type MusicField } from './validation';

const FORM_ID = 'music';
export const musicFieldId = (field: MusicField) => `${FORM_ID}-${field}`;

const PARAM_OF: Record<MusicField, string> = {
  model: 'model',
  prompt: 'prompt',
  style: 'style',
  title: 'title',
  callbackUrl: 'callback_url',
};

function focusField(field: MusicField) {
  const el = document.getElementById(musicFieldId(field));
  el?.focus();
  el?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
}

/** Music: a described track, or in custom mode a titled track in a given style with the prompt as lyrics. */
export function MusicForm() {
  const { t } = useTranslation('task-forms');
  const draft = useTaskFormsStore((s) => s.music);
  const set = useTaskFormsStore((s) => s.musicChanged);
  const apiKey = useApiKey();
  const [attempted, setAttempted] = useState(false);
  const { submit, pending, refusal, dismissRefusal } = useSubmitTask(musicFieldOfParam, (r) => {
    if (r.field) requestAnimationFrame(() => focusField(r.field!));
  });
  const body = useMemo(() => musicToBody(draft), [draft]);
  const issues = validateMusic(draft, { secrets: apiKey ? [apiKey] : [] });
  const shown = firstIssueByField(attempted ? issues : issues.filter((i) => !/Required/.test(i.code)));

  const feedback = (field: MusicField): Feedback | undefined => {
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
    submit(body, 'music');
  }

  const custom = draft.customMode;
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
            <FormField
              id={musicFieldId('model')}
              label={t('fields.model')}
              feedback={feedback('model')}
              className="max-w-sm"
            >
              {(props) => (
                <Select {...props} value={draft.model} onChange={(e) => set({ model: e.target.value })}>
                  {MUSIC_MODELS.map((m) => (
                    <option key={m} value={m}>
                      {m}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <div className="flex flex-col gap-1.5 rounded-md border p-3">
              <div className="flex items-center gap-2">
                <Checkbox
                  id={`${FORM_ID}-custom`}
                  checked={custom}
                  onCheckedChange={(v) => set({ customMode: v === true })}
                  aria-describedby={`${FORM_ID}-custom-explain`}
                />
                <Label htmlFor={`${FORM_ID}-custom`}>{t('music.custom.label')}</Label>
              </div>
              <p id={`${FORM_ID}-custom-explain`} className="text-xs text-muted-foreground">
                {custom ? t('music.custom.on') : t('music.custom.off')}
              </p>
            </div>
            <FormField
              id={musicFieldId('prompt')}
              label={custom ? t('music.prompt.lyricsLabel') : t('music.prompt.label')}
              hint={custom ? t('music.prompt.lyricsHint') : t('music.prompt.hint')}
              feedback={feedback('prompt')}
              aside={<Counter value={draft.prompt} max={LIMITS.prompt} />}
            >
              {(props) => (
                <Textarea
                  {...props}
                  rows={custom ? 8 : 4}
                  value={draft.prompt}
                  placeholder={custom ? t('music.prompt.lyricsPlaceholder') : t('music.prompt.placeholder')}
                  onChange={(e) => set({ prompt: e.target.value })}
                />
              )}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                id={musicFieldId('style')}
                label={custom ? t('music.style.labelRequired') : t('music.style.label')}
                hint={custom ? t('music.style.hintCustom') : t('music.style.hint')}
                feedback={feedback('style')}
                aside={<Counter value={draft.style.trim()} max={LIMITS.style} />}
              >
                {(props) => (
                  <Input
                    {...props}
                    value={draft.style}
                    placeholder={t('music.style.placeholder')}
                    aria-required={custom || undefined}
                    onChange={(e) => set({ style: e.target.value })}
                  />
                )}
              </FormField>
              <FormField
                id={musicFieldId('title')}
                label={custom ? t('music.title.labelRequired') : t('music.title.label')}
                hint={custom ? t('music.title.hintCustom') : t('music.title.hint')}
                feedback={feedback('title')}
                aside={<Counter value={draft.title.trim()} max={LIMITS.title} />}
              >
                {(props) => (
                  <Input
                    {...props}
                    value={draft.title}
                    aria-required={custom || undefined}
                    onChange={(e) => set({ title: e.target.value })}
                  />
                )}
              </FormField>
            </div>
          </CardContent>
        </Card>
        <Card>
          <CardContent className="flex flex-col gap-5 pt-5">
            <CallbackField
              id={musicFieldId('callbackUrl')}
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
        submitLabel={t('music.submit')}
        onDismissRefusal={dismissRefusal}
      />
    </form>
  );
}
