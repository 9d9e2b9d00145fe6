import { AlertCircle, Send, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Spinner } from '@/components/ui/spinner';
import type { CreateVideoBody } from '@/api/videos';
import { useIssueText } from './field';
import { BillingBadge, RequestPreview } from './request-preview';
import type { SubmitRefusal } from './use-submit-video';
import type { DraftIssue, FieldKey } from './validation';

interface SubmitPanelProps {
  body: CreateVideoBody;
  /** Errors to list (after a submit attempt); each links to its field. */
  errors: DraftIssue[];
  refusal: SubmitRefusal | null;
  pending: boolean;
  onFocusField: (field: FieldKey) => void;
  onDismissRefusal: () => void;
}

function RefusalBanner({ refusal, onDismiss }: { refusal: SubmitRefusal; onDismiss: () => void }) {
  const { t } = useTranslation('composer');
  const details = [
    refusal.status ? `HTTP ${refusal.status}` : undefined,
    refusal.type ? `type: ${refusal.type}` : undefined,
    refusal.code ? `code: ${refusal.code}` : undefined,
    refusal.param ? `param: ${refusal.param}` : undefined,
    refusal.requestId ? `request_id: ${refusal.requestId}` : undefined,
    refusal.traceId ? `trace_id: ${refusal.traceId}` : undefined,
  ].filter(Boolean) as string[];
  return (
    <div
      role="alert"
      className="relative flex flex-col gap-2 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm"
      data-testid="submit-refusal"
    >
      <p className="flex items-center gap-2 pr-6 font-medium text-destructive">
        <AlertCircle aria-hidden="true" className="size-4 shrink-0" /> {t('submit.refused')}
      </p>
      <p className="break-words">{refusal.message}</p>
      {details.length > 0 && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 font-mono text-xs text-muted-foreground">
          {details.map((d) => {
            const [k, ...v] = d.split(': ');
            return v.length ? (
              <div key={d} className="contents">
                <dt>{k}</dt>
                <dd className="break-all">{v.join(': ')}</dd>
              </div>
            ) : (
              <dd key={d} className="col-span-2">
                {d}
              </dd>
            );
          })}
        </dl>
      )}
      <div className="flex flex-wrap gap-2">
        <CopyButton
          value={[refusal.message, ...details].join('\n')}
          aria-label={t('submit.copyDetails')}
          variant="outline"
        >
          {t('submit.copyDetails')}
        </CopyButton>
        {refusal.requestId && (
          <CopyButton value={refusal.requestId} aria-label={t('submit.copyRequestId')} variant="ghost">
            {t('submit.copyRequestId')}
          </CopyButton>
        )}
      </div>
      <Button
        variant="ghost"
        size="icon-sm"
        className="absolute right-1 top-1"
        onClick={onDismiss}
        aria-label={t('submit.dismiss')}
      >
        <X aria-hidden="true" />
      </Button>
    </div>
  );
}

/** The sticky side of the page: the live request, its billing rule, what blocks it, and Submit. */
export function SubmitPanel({
  body,
  errors,
  refusal,
  pending,
  onFocusField,
  onDismissRefusal,
}: SubmitPanelProps) {
  const { t } = useTranslation('composer');
  const issueText = useIssueText();
  return (
    <Card className="xl:sticky xl:top-4">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <CardTitle>{t('preview.title')}</CardTitle>
        <BillingBadge body={body} />
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <RequestPreview body={body} />
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
        {refusal && <RefusalBanner refusal={refusal} onDismiss={onDismissRefusal} />}
        <Button type="submit" size="lg" disabled={pending} className="w-full">
          {pending ? <Spinner /> : <Send aria-hidden="true" />}
          {pending ? t('submit.sending') : t('submit.label')}
        </Button>
      </CardContent>
    </Card>
  );
}
