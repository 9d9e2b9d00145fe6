import { Eraser, Undo2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useApiKey } from '@/api/connection-store';
import { errorMessage } from '@/lib/notify';
import { CallbackUrlField } from './callback-url-field';
import { useComposerDraftStore } from './composer-draft-store';
import { draftToRequest, type ComposerDraft } from './draft';
import { FieldMessage, type FieldFeedback } from './field';
import { PromptEditor } from './prompt-editor';
import { ReferencesEditor } from './references-editor';
import { fieldElementId, fieldValue } from './server-error';
import { SubmitPanel } from './submit-panel';
import { useLoadFromTask } from './use-load-from-task';
import { useSubmitVideo } from './use-submit-video';
import { hasErrors, issuesByField, MAX_PROMPT_LENGTH, validateDraft, type FieldKey } from './validation';
import { ModelPicker, VideoSettings } from './video-settings';

const FORM_ID = 'composer';
/** Required-field issues stay quiet until the first submit, so a new empty row is not shouted at. */
const QUIET_UNTIL_SUBMIT = new Set(['urlRequired', 'promptRequired']);

export const fieldId = (field: string) => fieldElementId(FORM_ID, field);

function focusField(field: FieldKey) {
  const el = document.getElementById(field === 'references' ? 'composer-references-heading' : fieldId(field));
  if (!el) return;
  // A fieldset's anchor is not focusable itself: focus its checked (or first) radio.
  const target =
    el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement
      ? el
      : (el.querySelector<HTMLElement>('input:checked, input, select, textarea, button') ?? el);
  target.focus();
  target.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
}

/** The video composer: a draft that survives reloads, checked as it is typed, sent as POST /v1/videos. */
export function ComposerPage() {
  const { t } = useTranslation('composer');
  const draft = useComposerDraftStore((s) => s.draft);
  const draftChanged = useComposerDraftStore((s) => s.draftChanged);
  const modelChanged = useComposerDraftStore((s) => s.modelChanged);
  const apiKey = useApiKey();
  const [attempted, setAttempted] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [cleared, setCleared] = useState<ComposerDraft | null>(null);
  const loader = useLoadFromTask();
  const { submit, mutation, refusal, dismissRefusal } = useSubmitVideo((r) => {
    if (r.field) requestAnimationFrame(() => focusField(r.field!));
  });

  const body = useMemo(() => draftToRequest(draft), [draft]);
  const issues = useMemo(() => validateDraft(draft, { secrets: apiKey ? [apiKey] : [] }), [draft, apiKey]);
  const shown = useMemo(
    () => issuesByField(attempted ? issues : issues.filter((i) => !QUIET_UNTIL_SUBMIT.has(i.code))),
    [issues, attempted],
  );
  const errors = attempted ? issues.filter((i) => i.severity === 'error') : [];
  const aliases = useMemo(
    () => draft.references.map((r) => r.alias.trim()).filter(Boolean),
    [draft.references],
  );

  const feedback = (field: FieldKey): FieldFeedback | undefined => {
    const issue = shown.get(field);
    const refused =
      refusal?.field === field && fieldValue(refusal.draft, field) === fieldValue(draft, field)
        ? refusal.message
        : undefined;
    return issue || refused ? { issue, serverMessage: refused } : undefined;
  };

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setAttempted(true);
    const firstError = issues.find((i) => i.severity === 'error');
    if (hasErrors(issues)) {
      if (firstError) requestAnimationFrame(() => focusField(firstError.field));
      return;
    }
    submit(body, draft);
  }

  const promptFb = feedback('prompt');
  const promptId = fieldId('prompt');

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            {/* Digital-human and music tasks have their own forms beside the composer. */}
            <Button asChild variant="ghost">
              <Link to="/create/digital-human">
                {t('nav.create', { ns: 'common' })} <span aria-hidden="true">→</span>
              </Link>
            </Button>
            <Button
              variant="outline"
              onClick={() => {
                setCleared(draft);
                useComposerDraftStore.getState().draftCleared();
                setAttempted(false);
                setNotice(null);
              }}
            >
              <Eraser aria-hidden="true" /> {t('actions.clear')}
            </Button>
          </>
        }
      />
      <div aria-live="polite" className="empty:hidden mb-4 flex flex-col gap-2">
        {loader.state?.kind === 'loading' && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> {t('fromTask.loading', { id: loader.state.taskId })}
          </p>
        )}
        {loader.state?.kind === 'loaded' && (
          <Banner onUndo={loader.undo} onDismiss={loader.dismiss}>
            {t(loader.state.source === 'recorded' ? 'fromTask.loaded' : 'fromTask.rebuilt', {
              id: loader.state.taskId,
            })}{' '}
            <Link className="underline" to={`/tasks/${encodeURIComponent(loader.state.taskId)}`}>
              {t('fromTask.open')}
            </Link>
          </Banner>
        )}
        {loader.state?.kind === 'failed' && (
          <Banner onDismiss={loader.dismiss} tone="error">
            {t('fromTask.failed', { id: loader.state.taskId, error: errorMessage(loader.state.error) })}
          </Banner>
        )}
        {cleared && (
          <Banner
            onUndo={() => {
              useComposerDraftStore.getState().draftReplaced(cleared);
              setCleared(null);
            }}
            onDismiss={() => setCleared(null)}
          >
            {t('actions.clearedNotice')}
          </Banner>
        )}
      </div>
      <form
        id={FORM_ID}
        noValidate
        onSubmit={onSubmit}
        className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]"
      >
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardContent className="flex flex-col gap-6 pt-5">
              <ModelPicker
                draft={draft}
                fieldId={fieldId}
                feedback={feedback}
                onModel={(model) => {
                  const fixed = modelChanged(model);
                  setNotice(fixed ? t('resolution.fixed', { model, from: fixed.from, to: fixed.to }) : null);
                }}
              />
              {notice && (
                <p
                  role="status"
                  className="-mt-3 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-foreground"
                  data-testid="model-notice"
                >
                  {notice}
                </p>
              )}
              <div className="flex flex-col gap-1.5">
                <div className="flex items-baseline justify-between gap-2">
                  <Label htmlFor={promptId}>{t('prompt.label')}</Label>
                  <span className="text-xs tabular-nums text-muted-foreground" aria-hidden="true">
                    {draft.prompt.length}/{MAX_PROMPT_LENGTH}
                  </span>
                </div>
                <PromptEditor
                  id={promptId}
                  value={draft.prompt}
                  onChange={(prompt) => draftChanged({ prompt })}
                  aliases={aliases}
                  invalid={!!promptFb?.serverMessage || promptFb?.issue?.severity === 'error'}
                  describedBy={`${promptId}-message`}
                />
                <FieldMessage
                  id={`${promptId}-message`}
                  feedback={promptFb}
                  hint={
                    aliases.length > 0
                      ? t('prompt.hintAliases', { aliases: aliases.map((a) => `@${a}`).join(' ') })
                      : t('prompt.hint')
                  }
                />
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardContent className="pt-5">
              <ReferencesEditor fieldId={fieldId} feedback={feedback} />
            </CardContent>
          </Card>
          <Card>
            <CardContent className="flex flex-col gap-6 pt-5">
              <h2 className="text-base font-semibold">{t('settings.title')}</h2>
              <VideoSettings draft={draft} fieldId={fieldId} feedback={feedback} onChange={draftChanged} />
              <CallbackUrlField
                id={fieldId('callbackUrl')}
                value={draft.callbackUrl}
                feedback={feedback('callbackUrl')}
                onChange={(callbackUrl) => draftChanged({ callbackUrl })}
              />
            </CardContent>
          </Card>
        </div>
        <SubmitPanel
          body={body}
          errors={errors}
          refusal={refusal}
          pending={mutation.isPending}
          onFocusField={focusField}
          onDismissRefusal={dismissRefusal}
        />
      </form>
    </>
  );
}

function Banner({
  children,
  onUndo,
  onDismiss,
  tone = 'info',
}: {
  children: React.ReactNode;
  onUndo?: () => void;
  onDismiss: () => void;
  tone?: 'info' | 'error';
}) {
  const { t } = useTranslation('composer');
  return (
    <div
      className={`flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm ${tone === 'error' ? 'border-destructive/50 bg-destructive/10 text-destructive' : 'bg-muted/50'}`}
    >
      <p>{children}</p>
      <div className="flex gap-1">
        {onUndo && (
          <Button variant="outline" size="sm" onClick={onUndo}>
            <Undo2 aria-hidden="true" /> {t('actions.undo')}
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          {t('actions.dismiss')}
        </Button>
      </div>
    </div>
  );
}
