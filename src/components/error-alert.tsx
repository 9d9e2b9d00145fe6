import { AlertCircle, RefreshCw, X } from 'lucide-react';
import { Link, useInRouterContext } from 'react-router';
import { isApiRequestError } from '@/api/api-client';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { errorMessage } from '@/lib/error-message';
import { errorAlertParts, type ErrorAlertProps } from './alert-parts';

interface DetailRow {
  label: string;
  value: string;
  copyLabel?: string;
}

function useDetailRows(error: unknown): DetailRow[] {
  const { t } = useTranslation();
  if (!isApiRequestError(error)) return [];
  const { info } = error;
  const rows: (DetailRow | undefined)[] = [
    info.status ? { label: t('errors.status'), value: String(info.status) } : undefined,
    info.type ? { label: t('errors.type'), value: info.type } : undefined,
    info.code ? { label: t('errors.code'), value: info.code } : undefined,
    info.param ? { label: t('errors.param'), value: info.param } : undefined,
    info.requestId
      ? { label: t('errors.requestId'), value: info.requestId, copyLabel: t('errors.copyRequestId') }
      : undefined,
    info.traceId ? { label: t('errors.traceId'), value: info.traceId } : undefined,
  ];
  return rows.filter((row): row is DetailRow => row !== undefined);
}

function SettingsLink({ children }: { children: string }) {
  // Also rendered outside a router (a dialog under test, the root error boundary): a plain link then.
  const inRouter = useInRouterContext();
  return (
    <Button size="sm" asChild>
      {inRouter ? <Link to="/settings">{children}</Link> : <a href="/settings">{children}</a>}
    </Button>
  );
}

/**
 * The one way the dashboard shows a failed request: what went wrong in a plain sentence, the next
 * step as a button, and the raw message with the request and trace ids (copyable, for support)
 * under "Details", open by default only when nothing plainer could be said.
 */
export function ErrorAlert(props: ErrorAlertProps) {
  const { error, description, headingLevel, onRetry, retryLabel, actions } = props;
  const { onDismiss, dismissLabel, detailsOpen, children, 'data-testid': testId } = props;
  const { t } = useTranslation();
  const [boxClassName, headline, sentence, canRetry, kind] = errorAlertParts(props, t);
  const message = errorMessage(error);
  const rows = useDetailRows(error);
  const explained = kind !== undefined || description !== undefined;
  const Heading = headingLevel ?? 'p';
  const copyAll = [message, ...rows.map((row) => `${row.label}: ${row.value}`)].join('\n');
  return (
    <div role="alert" data-testid={testId} className={cn('relative', boxClassName)}>
      <Heading className={cn('flex items-center gap-2 font-medium', onDismiss && 'pr-8')}>
        <AlertCircle aria-hidden="true" className="size-4 shrink-0 text-destructive" />
        {headline}
      </Heading>
      <p className="break-words">{sentence}</p>
      {(explained || rows.length > 0 || children) && (
        <details className="text-xs" open={detailsOpen ?? !explained}>
          <summary className="cursor-pointer text-muted-foreground">{t('errors.details')}</summary>
          <div className="mt-2 flex flex-col gap-2">
            {explained && <p className="break-words font-mono">{message}</p>}
            {rows.length > 0 && (
              <dl className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-0.5 font-mono">
                {rows.map((row) => (
                  <div key={row.label} className="contents">
                    <dt className="text-muted-foreground">{row.label}</dt>
                    <dd className="flex items-center gap-1 break-all">
                      {row.value}
                      {row.copyLabel && <CopyButton value={row.value} aria-label={row.copyLabel} />}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            {children}
            <CopyButton
              value={copyAll}
              aria-label={t('errors.copyDetails')}
              variant="outline"
              className="self-start"
            >
              {t('errors.copyDetails')}
            </CopyButton>
          </div>
        </details>
      )}
      {(actions || canRetry || kind === 'unauthorized') && (
        <div className="flex flex-wrap gap-2">
          {kind === 'unauthorized' && <SettingsLink>{t('errors.openSettings')}</SettingsLink>}
          {actions}
          {canRetry && (
            <Button variant="outline" size="sm" onClick={onRetry}>
              <RefreshCw aria-hidden="true" /> {retryLabel ?? t('actions.retry')}
            </Button>
          )}
        </div>
      )}
      {onDismiss && (
        <Button
          variant="ghost"
          size="icon-sm"
          className="absolute right-1 top-1"
          onClick={onDismiss}
          aria-label={dismissLabel ?? t('errors.dismiss')}
        >
          <X aria-hidden="true" />
        </Button>
      )}
    </div>
  );
}
