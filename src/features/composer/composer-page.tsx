import { Eraser } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CallbackUrlField } from '@/components/form/callback-url-field';
import { FormNamespace } from '@/components/form/issue-text';
import { SubmitPanel } from '@/components/form/submit-panel';
import { CapDialog } from '@/components/money/cap-dialog';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { BillingBadge, RequestPreview } from '@/components/video-draft/request-preview';
import { estimateVideoTokens } from '@contract/usage';
import { useApiKey } from '@/api/connection-store';
import { createVideo, fetchVideoTask } from '@/api/videos';
import { fieldElementId, focusElement } from '@/lib/form/focus';
import { useFormFeedback } from '@/lib/form/use-form-feedback';
import { useLoadFromTask } from '@/lib/form/use-load-from-task';
import { useSubmitTasks } from '@/lib/form/submit-tasks';
import { useTranslation } from '@/lib/i18n';
import { requestCostInput } from '@/lib/money/task-cost';
import { useComposerDraftStore } from './composer-draft-store';
import { draftToRequest, requestToDraft, taskToRequest, type ComposerDraft } from '@/lib/video-draft/draft';
import { ComposerNotices } from './composer-notices';
import { unfilledVariablesIssue, useComposerTemplates } from './composer-templates';
import { PromptField } from '@/components/video-draft/prompt/prompt-field';
import { ReferencesEditor } from './references/references-editor';
import { useReferenceAssets } from './references/use-reference-assets';
import { fieldOfParam, fieldValue, refusedAssetField } from '@/lib/video-draft/server-error';
import { ActionBar } from './submit/action-bar';
import { validateDraft, type FieldKey } from '@/lib/video-draft/validation';
import { ModelPicker, VideoSettings } from '@/components/video-draft/settings/video-settings';
import { useVariations } from './variations/use-variations';
import { VARIATIONS_HEADING_ID } from './variations/variations-card';
import { newBatchId } from './variations/variants';

const FORM_ID = 'composer';
/** Required-field issues stay quiet until the first submit, so a new empty row is not shouted at. */
const QUIET_UNTIL_SUBMIT = new Set(['urlRequired', 'promptRequired']);

export const fieldId = (field: string) => fieldElementId(FORM_ID, field);

/** The element a field is shown by: the references list by its heading, else the field's control. */
const elementOf = (field: FieldKey) =>
  field === 'references' ? 'composer-references-heading' : fieldId(field);

/** The video composer: a draft that survives reloads, checked as it is typed, sent as POST /v1/videos. */
export function ComposerPage() {
  const { t } = useTranslation('composer');
  const draft = useComposerDraftStore((s) => s.draft);
  const draftChanged = useComposerDraftStore((s) => s.draftChanged);
  const modelChanged = useComposerDraftStore((s) => s.modelChanged);
  const apiKey = useApiKey();
  const [notice, setNotice] = useState<string | null>(null);
  const [cleared, setCleared] = useState<ComposerDraft | null>(null);
  const loader = useLoadFromTask({
    rebuild: async (taskId, signal) => ({ body: taskToRequest(await fetchVideoTask(taskId, signal)) }),
    apply: (body) => {
      const { draft: previous, draftReplaced } = useComposerDraftStore.getState();
      draftReplaced(requestToDraft(body));
      return { undo: () => useComposerDraftStore.getState().draftReplaced(previous) };
    },
  });
  const { submit, pending, refusal, dismissRefusal, capBreach, answerCap } = useSubmitTasks({
    create: createVideo,
    source: 'composer',
    fieldOfParam: (param, sent: ComposerDraft, _index, refused) =>
      fieldOfParam(param, sent) ?? refusedAssetField(sent, refused),
  });

  const body = useMemo(() => draftToRequest(draft), [draft]);
  const tokens = useMemo(() => estimateVideoTokens(body), [body]);
  const missingAssets = useReferenceAssets(draft.references);
  const missingKey = [...missingAssets].join(' ');
  const context = useMemo(
    () => ({
      secrets: apiKey ? [apiKey] : [],
      missingAssets: new Set(missingKey ? missingKey.split(' ') : []),
    }),
    [apiKey, missingKey],
  );
  const batch = useVariations(draft, context);
  const templates = useComposerTemplates(draft, batch.variations !== null);
  const { ownsField } = batch;
  const sentBodies = batch.variations ? batch.bodies : undefined;
  const costInputs = useMemo(
    () => (sentBodies ?? [body]).map((b) => requestCostInput({ kind: 'video', model: b.model, body: b })),
    [sentBodies, body],
  );
  const issues = useMemo(
    () => [
      ...validateDraft(draft, context).filter((issue) => !ownsField(issue.field)),
      ...unfilledVariablesIssue(draft.prompt),
    ],
    [draft, context, ownsField],
  );
  const form = useFormFeedback({
    issues,
    showWhen: (issue) => (QUIET_UNTIL_SUBMIT.has(issue.code) ? 'submit' : 'typing'),
    elementId: elementOf,
    refusal,
    dismissRefusal,
    unchangedSince: (sent, field) => fieldValue(sent, field) === fieldValue(draft, field),
  });
  const { feedback } = form;
  const formProps = form.formProps(send);
  const aliases = useMemo(
    () => draft.references.map((r) => r.alias.trim()).filter(Boolean),
    [draft.references],
  );

  function send() {
    if (batch.variations) {
      if (batch.blocked) {
        batch.revealIssues();
        focusElement(VARIATIONS_HEADING_ID);
        return;
      }
      const batchId = newBatchId();
      submit(
        batch.bodies.map((b) => ({ body: b, kind: 'video', model: b.model, prompt: b.prompt, batchId })),
        draft,
      );
      return;
    }
    submit([{ body, kind: 'video', model: body.model, prompt: body.prompt }], draft);
  }

  return (
    <FormNamespace.Provider value="composer">
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            {templates.buttons}
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
                form.reset();
                setNotice(null);
              }}
            >
              <Eraser aria-hidden="true" /> {t('actions.clear')}
            </Button>
          </>
        }
      />
      <ComposerNotices
        loader={loader}
        cleared={cleared !== null}
        onUndoClear={() => {
          if (cleared) useComposerDraftStore.getState().draftReplaced(cleared);
          setCleared(null);
        }}
        onDismissClear={() => setCleared(null)}
      />
      <form
        id={FORM_ID}
        {...formProps}
        // The variants' problems show with the form's own, not only once the form is right: a person
        // who fixed the prompt learnt then, on a second press, that a variant could not be sent.
        onSubmit={(event) => {
          batch.revealIssues();
          formProps.onSubmit(event);
        }}
        className="flex flex-col gap-6 xl:grid xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] xl:items-start"
      >
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardContent standalone className="flex flex-col gap-6">
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
              <PromptField
                id={fieldId('prompt')}
                value={draft.prompt}
                aliases={aliases}
                feedback={feedback('prompt')}
                onChange={(prompt) => templates.slashOpens(prompt) || draftChanged({ prompt })}
              />
            </CardContent>
          </Card>
          <Card>
            <CardContent standalone>
              <ReferencesEditor fieldId={fieldId} feedback={feedback} />
            </CardContent>
          </Card>
          <Card>
            <CardContent standalone className="flex flex-col gap-6">
              <h2 className="text-base font-semibold">{t('settings.title')}</h2>
              <VideoSettings draft={draft} fieldId={fieldId} feedback={feedback} onChange={draftChanged} />
              <CallbackUrlField
                label={t('callback.label')}
                hint={t('callback.hint')}
                inboxPrefix="composer"
                placeholder="https://example.com/webhooks/video"
                id={fieldId('callbackUrl')}
                value={draft.callbackUrl}
                feedback={feedback('callbackUrl')}
                onChange={(callbackUrl) => draftChanged({ callbackUrl })}
              />
            </CardContent>
          </Card>
          {batch.card}
        </div>
        <SubmitPanel
          layout="side"
          refusedTitle={t('submit.refused')}
          {...form.panel}
          preview={
            <Card>
              <CardHeader row className="space-y-0">
                <CardTitle>{t('preview.title')}</CardTitle>
                <BillingBadge body={body} />
              </CardHeader>
              <CardContent>{batch.preview ?? <RequestPreview body={body} />}</CardContent>
            </Card>
          }
        >
          <ActionBar
            tokens={batch.variations ? batch.total : tokens}
            pending={pending}
            count={batch.variations ? batch.bodies.length : 1}
            costInputs={costInputs}
          />
        </SubmitPanel>
      </form>
      <CapDialog breach={capBreach} onAnswer={answerCap} />
      {templates.dialogs}
    </FormNamespace.Provider>
  );
}
