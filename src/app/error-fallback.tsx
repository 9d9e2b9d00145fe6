import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '@/api/api-client';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { errorMessage } from '@/lib/notify';

/** What went wrong, the ids to hand to support, and a way out. Used by both error boundaries. */
export function ErrorFallback({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const [showDetails, setShowDetails] = useState(false);
  const apiError = error instanceof ApiRequestError ? error : undefined;
  const stack = error instanceof Error ? error.stack : undefined;
  return (
    <div
      role="alert"
      className="mx-auto flex max-w-2xl flex-col gap-4 rounded-lg border border-destructive/40 p-6"
    >
      <div className="flex items-start gap-3">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
        <div className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold">{t('errors.pageTitle')}</h2>
          <p className="text-sm text-muted-foreground">{t('errors.pageDescription')}</p>
          <p className="font-mono text-sm break-words">{errorMessage(error)}</p>
          {apiError ? (
            <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1 text-sm">
              {apiError.status ? (
                <>
                  <dt className="text-muted-foreground">{t('errors.status')}</dt>
                  <dd>{apiError.status}</dd>
                </>
              ) : null}
              {apiError.requestId ? (
                <>
                  <dt className="text-muted-foreground">{t('errors.requestId')}</dt>
                  <dd className="flex items-center gap-1 font-mono">
                    {apiError.requestId}
                    <CopyButton value={apiError.requestId} aria-label={t('errors.copyRequestId')} />
                  </dd>
                </>
              ) : null}
              {apiError.traceId ? (
                <>
                  <dt className="text-muted-foreground">{t('errors.traceId')}</dt>
                  <dd className="font-mono">{apiError.traceId}</dd>
                </>
              ) : null}
            </dl>
          ) : null}
        </div>
      </div>
      {stack && showDetails ? (
        <pre className="max-h-64 overflow-auto rounded-md bg-muted p-3 text-xs whitespace-pre-wrap">
          {stack}
        </pre>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={onRetry}>{t('actions.retry')}</Button>
        <Button variant="outline" onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </Button>
        {stack && !showDetails ? (
          <Button variant="ghost" onClick={() => setShowDetails(true)}>
            {t('actions.showDetails')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
