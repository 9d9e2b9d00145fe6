import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { isApiRequestError } from '@/api/api-client';

/** What went wrong loading the library, how to retry, and the request id to hand to support. */
export function LibraryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('assets');
  const requestId = isApiRequestError(error) ? error.requestId : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <div
      role="alert"
      className="space-y-2 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm"
    >
      <p className="font-medium">{t('error.title')}</p>
      <p>{message}</p>
      {requestId && (
        <p className="flex items-center gap-1 font-mono text-xs">
          {t('requestId')}: {requestId}
          <CopyButton value={requestId} aria-label={t('copy.requestId')} />
        </p>
      )}
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
