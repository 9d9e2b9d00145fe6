import { BookmarkPlus, Send } from 'lucide-react';
import { Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import { LazySaveTemplateDialog } from '@/components/templates/lazy-template-dialogs';
import { CapDialog } from '@/components/money/cap-dialog';
import { MoneyEstimate } from '@/components/money/money-estimate';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { JsonView } from '@/components/ui/json-view';
import { Spinner } from '@/components/ui/spinner';
import { CallbackUrlField } from '@/components/form/callback-url-field';
import { FormNamespace } from '@/components/form/issue-text';
import { StickyProblems, SubmitPanel } from '@/components/form/submit-panel';
import type { FieldFeedback, FormIssue } from '@/lib/form/issues';
import type { Refusal } from '@/lib/form/refusal';
import { submitShortcutAria, submitShortcutLabel } from '@/lib/form/submit-shortcut';
import { useTranslation } from '@/lib/i18n';
import type { CostInput } from '@/lib/money/prices';
import type { CapBreach } from '@/lib/money/task-cost';
import type { CreateTaskBody } from './draft';
import { InsertTemplateButton } from './form-templates';

interface TaskPanelProps<F extends string> {
  body: unknown;
  /** What a template saved from this form is (the prompt library, issue 45). */
  templateKind: 'digital-human' | 'music';
  errors: readonly FormIssue<F>[];
  onFocusField: (field: F) => void;
  refusal: Refusal<F, CreateTaskBody> | null;
  pending: boolean;
  submitLabel: string;
  onDismissRefusal?: () => void;
  /** What the money estimate prices, and a held submit's cap question. */
  costInputs: readonly CostInput[];
  capBreach: CapBreach | null;
  answerCap: (send: boolean) => void;
}

/**
 * The side panel of a task form: what blocks it and the refusal of the last attempt (the kit's
 * panel), the submit button, and what will be sent.
 */
function TaskPanel<F extends string>({
  body,
  templateKind,
  pending,
  submitLabel,
  costInputs,
  capBreach,
  answerCap,
  ...problems
}: TaskPanelProps<F>) {
  const { t } = useTranslation('task-forms');
  const [saving, setSaving] = useState(false);
  return (
    <SubmitPanel layout="side" label={t('submit.panel')} refusedTitle={t('submit.refused')} {...problems}>
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-1 border-t bg-background/95 px-4 py-3 xl:static xl:mx-0 xl:border-0 xl:bg-transparent xl:p-0">
        <StickyProblems />
        <Button type="submit" disabled={pending} aria-keyshortcuts={submitShortcutAria()}>
          {pending ? <Spinner /> : <Send aria-hidden="true" />} {submitLabel}
        </Button>
        <MoneyEstimate inputs={costInputs} />
        <p className="hidden text-xs text-muted-foreground sm:block">
          {t('submit.shortcut', { keys: submitShortcutLabel() })}
        </p>
        <CapDialog breach={capBreach} onAnswer={answerCap} />
      </div>
      <section className="flex flex-col gap-1">
        <h2 className="text-sm font-semibold">{t('submit.preview')}</h2>
        <p className="text-xs text-muted-foreground">{t('submit.previewHint')}</p>
        {/* Long values (URLs, ids, a text to speak) wrap: the column is narrower than they are. */}
        <JsonView value={body} label={t('submit.preview')} wrap />
        <div className="flex flex-wrap gap-2">
          <InsertTemplateButton kind={templateKind} />
          <Button type="button" variant="outline" size="sm" onClick={() => setSaving(true)}>
            <BookmarkPlus aria-hidden="true" /> {t('templates.save')}
          </Button>
        </div>
        <Suspense fallback={null}>
          {saving && (
            <LazySaveTemplateDialog
              kind={templateKind}
              request={body as Record<string, unknown>}
              onClose={() => setSaving(false)}
            />
          )}
        </Suspense>
      </section>
    </SubmitPanel>
  );
}

/**
 * A task form: its cards, the callback_url card every task has, and the submit panel beside them
 * (below them on narrow screens).
 */
export function TaskFormLayout<F extends string>({
  formId,
  formProps,
  callback,
  panel,
  children,
}: {
  formId: string;
  /** The kit's form props (useFormFeedback().formProps). */
  formProps: ComponentProps<'form'>;
  callback: { id: string; value: string; feedback?: FieldFeedback; onChange: (value: string) => void };
  panel: TaskPanelProps<F>;
  children: ReactNode;
}) {
  const { t } = useTranslation('task-forms');
  return (
    <FormNamespace.Provider value="task-forms">
      <form
        id={formId}
        {...formProps}
        className="flex flex-col gap-6 xl:grid xl:grid-cols-[minmax(0,1fr)_minmax(0,24rem)] xl:items-start"
      >
        <div className="flex min-w-0 flex-col gap-6">
          {children}
          <Card>
            <CardContent standalone className="flex flex-col gap-5">
              <CallbackUrlField
                {...callback}
                label={t('callback.label')}
                hint={t('callback.hint')}
                inboxPrefix="task"
                placeholder="https://example.com/webhooks/tasks"
              />
            </CardContent>
          </Card>
        </div>
        <TaskPanel {...panel} />
      </form>
    </FormNamespace.Provider>
  );
}
