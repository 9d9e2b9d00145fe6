import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { isApiRequestError } from '@/api/api-client';

type Known = 'groupNotFound' | 'unauthorized' | 'unreachable' | 'rateLimited';

/** The errors a person can act on, by what they mean rather than by the API's words. */
function knownError(error: unknown): Known | undefined {
  if (!isApiRequestError(error)) return undefined;
  if (error.code === 'group_not_found') return 'groupNotFound';
  if (error.status === 401 || error.status === 403) return 'unauthorized';
  if (error.isNetworkError) return 'unreachable';
  if (error.status === 429) return 'rateLimited';
  return undefined;
}

/**
 * What went wrong loading the library, in a plain sentence with the next step as a button; the
 * raw message, request id and trace id stay one click away under "Details" (decision 078).
 */
export function LibraryError({
  error,
  onRetry,
  onDefaultGroup,
}: {
  error: unknown;
  onRetry: () => void;
  onDefaultGroup?: () => void;
}) {
  const { t } = useTranslation('assets');
  const apiError = isApiRequestError(error) ? error : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const known = knownError(error);
  return (
    <div
      role="alert"
      className="space-y-3 rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm"
    >
      <p className="font-medium">{known ? t(`error.${known}.title`) : t('error.title')}</p>
      {known && <p>{t(`error.${known}.description`)}</p>}
      <div className="flex flex-wrap gap-2">
        {known === 'groupNotFound' && onDefaultGroup ? (
          <Button size="sm" onClick={onDefaultGroup}>
            {t('error.switchToDefault')}
          </Button>
        ) : known === 'unauthorized' ? (
          <Button size="sm" asChild>
            <Link to="/settings">{t('error.openSettings')}</Link>
          </Button>
        ) : null}
        {known !== 'groupNotFound' && (
          <Button variant="outline" size="sm" onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
      </div>
      <details className="text-xs" open={!known}>
        <summary className="cursor-pointer text-muted-foreground">{t('error.details')}</summary>
        <div className="mt-2 space-y-1">
          <p className="break-words font-mono">{message}</p>
          {apiError?.requestId && (
            <p className="flex items-center gap-1 font-mono">
              {t('requestId')}: {apiError.requestId}
              <CopyButton value={apiError.requestId} aria-label={t('copy.requestId')} />
            </p>
          )}
          {apiError?.traceId && (
            <p className="font-mono">
              {t('error.traceId')}: {apiError.traceId}
            </p>
          )}
        </div>
      </details>
    </div>
  );
}
