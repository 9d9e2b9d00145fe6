import { useMemo } from 'react';
import { MUSIC_MODELS } from '@contract/models';
import { Card, CardContent } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useApiKey } from '@/api/connection-store';
import { useTranslation } from '@/lib/i18n';
import { musicToBody } from './draft';
import { Counter, Field } from '@/components/form/field';
import { TaskFormLayout } from './form-parts';
import { useTaskFormsStore } from './task-forms-store';
import { fieldIdOf, useTaskForm } from './use-task-form';
import { ModelInput } from './model-input';
import { musicFieldOfParam, validateMusic, type MusicField } from './validation';

const FORM_ID = 'music';
const fieldId = (field: MusicField) => fieldIdOf(FORM_ID, field);

const PARAM_OF: Record<MusicField, string> = {
  model: 'model',
  prompt: 'prompt',
  style: 'style',
  title: 'title',
  callbackUrl: 'callback_url',
};

/** Music: a described track, or in custom mode a titled track in a given style with the prompt as lyrics. */
export function MusicForm() {
  const { t } = useTranslation('task-forms');
  const draft = useTaskFormsStore((s) => s.music);
  const set = useTaskFormsStore((s) => s.musicChanged);
  const apiKey = useApiKey();
  const body = useMemo(() => musicToBody(draft), [draft]);
  const { feedback, formProps, panel } = useTaskForm({
    formId: FORM_ID,
    kind: 'music',
    body,
    issues: validateMusic(draft, { secrets: apiKey ? [apiKey] : [] }),
    fieldOfParam: musicFieldOfParam,
    paramOf: PARAM_OF,
  });

  const custom = draft.customMode;
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
      panel={{ ...panel, submitLabel: t('music.submit') }}
    >
      <Card>
        <CardContent standalone className="flex flex-col gap-5">
          <Field
            id={fieldId('model')}
            label={t('fields.model')}
            feedback={feedback('model')}
            className="max-w-sm"
          >
            {(props) => (
              <ModelInput
                {...props}
                known={MUSIC_MODELS}
                value={draft.model}
                onChange={(model) => set({ model })}
              />
            )}
          </Field>
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
          <Field
            id={fieldId('prompt')}
            label={custom ? t('music.prompt.lyricsLabel') : t('music.prompt.label')}
            hint={custom ? t('music.prompt.lyricsHint') : t('music.prompt.hint')}
            feedback={feedback('prompt')}
            aside={<Counter value={draft.prompt} />}
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
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id={fieldId('style')}
              label={custom ? t('music.style.labelRequired') : t('music.style.label')}
              hint={custom ? t('music.style.hintCustom') : t('music.style.hint')}
              feedback={feedback('style')}
              aside={<Counter value={draft.style.trim()} />}
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
            </Field>
            <Field
              id={fieldId('title')}
              label={custom ? t('music.title.labelRequired') : t('music.title.label')}
              hint={custom ? t('music.title.hintCustom') : t('music.title.hint')}
              feedback={feedback('title')}
              aside={<Counter value={draft.title.trim()} />}
            >
              {(props) => (
                <Input
                  {...props}
                  value={draft.title}
                  aria-required={custom || undefined}
                  onChange={(e) => set({ title: e.target.value })}
                />
              )}
            </Field>
          </div>
        </CardContent>
      </Card>
    </TaskFormLayout>
  );
}
