import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { failedChunkUrl, importAfresh } from '@/lib/chunk-retry';
import { pageForPath } from '@/app/pages';
import { LazyErrorAlert } from '@/components/lazy-error-alert';
import { Button } from '@/components/ui/button';
import { loadStrings, StringsUnavailableError, useTranslation } from '@/lib/i18n';

/** The page's code or its strings could not be fetched (server down, offline, a deploy replaced the chunk). */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof StringsUnavailableError ||
    (error instanceof Error &&
      /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
        error.message,
      ))
  );
}

/** How often a page whose code failed to load tries again by itself. */
const CHUNK_RETRY_MS = 3_000;

/**
 * Fetches the page's code again, under a fresh URL (src/lib/chunk-retry.ts); once it arrives the page
 * reloads and gets it from the HTTP cache. Where the error names no URL, the route's own loader is
 * asked again.
 */
function retryChunk(error: unknown, pathname: string, onLoaded: () => void): Promise<void> {
  if (error instanceof StringsUnavailableError)
    return loadStrings(error.namespaces).then(onLoaded, () => undefined);
  const url = failedChunkUrl(error);
  const attempt = url
    ? importAfresh(url).then(() => window.location.reload())
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
  useRecoverChunk(error, onRetry);
  const chunkError = isChunkLoadError(error);
  const { pathname } = useLocation();
  const stack = error instanceof Error ? error.stack : undefined;
  return (
    <LazyErrorAlert
      error={error}
      headingLevel="h2"
      title={t('errors.pageTitle')}
      explainKnown={false}
      description={chunkError ? t('errors.chunkDescription') : t('errors.pageDescription')}
      detailsOpen
      onRetry={chunkError ? () => void retryChunk(error, pathname, onRetry) : onRetry}
      actions={
        <Button variant="outline" size="sm" onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </Button>
      }
      size="page"
      className="mx-auto max-w-2xl"
    >
      {stack ? (
        <details>
          <summary className="cursor-pointer text-muted-foreground">{t('actions.showDetails')}</summary>
          <pre className="mt-2 max-h-64 overflow-auto rounded-md bg-muted p-3 whitespace-pre-wrap">
            {stack}
          </pre>
        </details>
      ) : null}
    </LazyErrorAlert>
  );
}
