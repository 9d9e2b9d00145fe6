import type { ReactNode } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { CreateVideoBody } from '@/api/videos';
import { useIssueText } from '@/components/form/issue-text';
import { useTranslation } from '@/lib/i18n';
import { ActionBar } from './action-bar';
import { BillingBadge, RequestPreview } from '@/components/video-draft/request-preview';
import type { Refusal } from '@/lib/form/submit-tasks';
import type { ComposerDraft } from '@/lib/video-draft/draft';
import type { DraftIssue, FieldKey } from '@/lib/video-draft/validation';

interface SubmitPanelProps {
  body: CreateVideoBody;
  /** Errors to list (after a submit attempt); each links to its field. */
  errors: DraftIssue[];
  refusal: Refusal<FieldKey, ComposerDraft> | null;
  pending: boolean;
  /** The local server's usage.total_tokens for this body; undefined while the body is invalid. */
  tokens: number | undefined;
  onFocusField: (field: FieldKey) => void;
  onDismissRefusal: () => void;
  /** Replaces the single request's preview (a batch of variations shows one body per variant). */
  preview?: ReactNode;
  /** Tasks the create button makes. */
  count?: number;
}

/**
 * The side of the page (below the form on narrow screens): the live request, its billing rule,
 * what blocks it, and the action bar. Below xl the wrapper is `display: contents`, so the bar is
 * a child of the form itself and can stick to the bottom of the screen over the whole form.
 */
export function SubmitPanel({
  body,
  errors,
  refusal,
  pending,
  tokens,
  onFocusField,
  onDismissRefusal,
  preview,
  count,
}: SubmitPanelProps) {
  const { t } = useTranslation('composer');
  const issueText = useIssueText();
  return (
    <div className="contents xl:sticky xl:top-4 xl:flex xl:flex-col xl:gap-4">
      <Card>
        <CardHeader row className="space-y-0">
          <CardTitle>{t('preview.title')}</CardTitle>
          <BillingBadge body={body} />
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {preview ?? <RequestPreview body={body} />}
          {errors.length > 0 && (
            <div
              role="alert"
              className="rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm"
              data-testid="validation-summary"
            >
              <p className="font-medium text-destructive">{t('submit.fixFirst', { count: errors.length })}</p>
              <ul className="mt-1 list-disc pl-5">
                {errors.map((issue, i) => (
                  <li key={`${issue.field}-${issue.code}-${i}`}>
                    <button
                      type="button"
                      className="inline text-left underline-offset-2 hover:underline focus-visible:underline"
                      onClick={() => onFocusField(issue.field)}
                    >
                      {issueText(issue)}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {refusal && (
            <ErrorAlert
              error={refusal.error}
              title={t('submit.refused')}
              onDismiss={onDismissRefusal}
              dismissLabel={t('submit.dismiss')}
              data-testid="submit-refusal"
            />
          )}
        </CardContent>
      </Card>
      <ActionBar tokens={tokens} pending={pending} count={count} />
    </div>
  );
}
