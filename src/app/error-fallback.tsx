import { TriangleAlert } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { pageForPath } from '@/app/pages';
import { ApiRequestError } from '@/api/api-client';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { errorMessage } from '@/lib/notify';

/** The page's code could not be fetched (server down, offline, a deploy replaced the chunk). */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message)
  );
}

/** How often a page whose code failed to load tries again by itself. */
const CHUNK_RETRY_MS = 3_000;

/**
 * Fetches the page's code again. Chromium remembers a failed dynamic import for the life of the
 * document (the same URL fails at once, without a request), so the retry asks for the chunk under
 * a fresh query string; once it arrives the page reloads and gets it from the HTTP cache. Where the
 * error names no URL, the route's own loader is asked again.
 */
function retryChunk(error: unknown, pathname: string, onLoaded: () => void): Promise<void> {
  const url = error instanceof Error ? /https?:\/\/\S+?\.js/.exec(error.message)?.[0] : undefined;
  const attempt = url
    ? import(/* @vite-ignore */ `${url}?retry=${Date.now()}`).then(() => window.location.reload())
    : pageForPath(pathname)?.Component.load().then(onLoaded);
  return (attempt ?? Promise.resolve()).catch(() => undefined);
}

/**
 * While the page's code is missing, fetch it again every few seconds and as soon as the browser is
 * back online: no one has to press anything once the server is back.
 */
function useRecoverChunk(error: unknown, onRetry: () => void) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!isChunkLoadError(error)) return;
    const attempt = () => void retryChunk(error, pathname, onRetry);
    const timer = window.setInterval(attempt, CHUNK_RETRY_MS);
    window.addEventListener('online', attempt);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', attempt);
    };
  }, [error, onRetry, pathname]);
}

/** What went wrong, the ids to hand to support, and a way out. Used by both error boundaries. */
export function ErrorFallback({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const [showDetails, setShowDetails] = useState(false);
  useRecoverChunk(error, onRetry);
  const chunkError = isChunkLoadError(error);
  const { pathname } = useLocation();
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
          <p className="text-sm text-muted-foreground">
            {chunkError ? t('errors.chunkDescription') : t('errors.pageDescription')}
          </p>
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
        <Button onClick={chunkError ? () => void retryChunk(error, pathname, onRetry) : onRetry}>
          {t('actions.retry')}
        </Button>
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
