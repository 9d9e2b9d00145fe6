import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ConnectionTestResult } from '@/api/system';
import { CopyButton } from '@/components/ui/copy-button';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';

/** The sentence a person needs after "Test connection": what failed, and what to check. */
function sameOrigin(target: string): boolean {
  try {
    return new URL(target, window.location.href).origin === window.location.origin;
  } catch {
    return true;
  }
}

export function useConnectionTestMessage() {
  const { t } = useTranslation('settings');
  return (result: ConnectionTestResult, target: string): string => {
    switch (result.kind) {
      case 'ok': {
        const b = result.bootstrap;
        if (!b) return t('test.okRemote');
        if (b.mode === 'proxy') {
          return t('test.okProxy', {
            version: b.version,
            upstream: b.upstream_base_url ?? b.upstream_host ?? '?',
          });
        }
        return t('test.okLocal', { version: b.version });
      }
      case 'no-key':
        return t('test.noKey');
      case 'unreachable':
        // A cross-origin request the API does not allow fails exactly like a server that is down.
        return sameOrigin(target)
          ? t('test.unreachable', { target })
          : t('test.unreachableCors', { target, origin: window.location.origin });
      case 'unauthorized':
        return t('test.unauthorized', { status: result.error.status });
      case 'not-api':
        return t('test.notApi', { target });
      case 'quota':
        return t('test.quota');
      case 'http-error':
        return t('test.httpError', { status: result.error.status, message: result.error.message });
    }
  };
}

/**
 * The image service's prefix the dashboard will poll, and whether this origin's server answers there
 * (`/bootstrap` names its prefixes; another deployment's cannot be known, decision 378).
 */
function ImagePrefixLine({ result, prefix }: { result: ConnectionTestResult; prefix: string }) {
  const { t } = useTranslation('settings');
  const served = result.kind === 'ok' ? result.bootstrap?.image_service_prefixes : undefined;
  const mismatch = served !== undefined && served.length > 0 && !served.includes(prefix);
  return (
    <p
      data-testid="image-prefix-line"
      className={cn('text-xs', mismatch ? 'font-medium text-foreground' : 'text-muted-foreground')}
    >
      {mismatch
        ? t('test.imagePrefixMismatch', { prefix, served: served.join(', ') })
        : served
          ? t('test.imagePrefixServed', { prefix })
          : t('test.imagePrefix', { prefix })}
    </p>
  );
}

export function ConnectionTestResultView({
  result,
  target,
  imagePrefix,
}: {
  result: ConnectionTestResult;
  target: string;
  /** Shown once the server answered: where image tasks will be polled. */
  imagePrefix?: string;
}) {
  const { t } = useTranslation('settings');
  const message = useConnectionTestMessage()(result, target);
  const ok = result.kind === 'ok';
  const warn = result.kind === 'no-key' || result.kind === 'http-error' || result.kind === 'quota';
  const Icon = ok ? CircleCheck : warn ? TriangleAlert : CircleX;
  const requestId =
    result.kind === 'unauthorized' ||
    result.kind === 'http-error' ||
    result.kind === 'not-api' ||
    result.kind === 'quota'
      ? result.error?.requestId
      : undefined;
  let extra: ReactNode = null;
  if (requestId) {
    extra = (
      <p className="flex items-center gap-1 text-xs text-muted-foreground">
        {t('common:errors.requestId')}: <code className="font-mono">{requestId}</code>
        <CopyButton value={requestId} aria-label={t('common:errors.copyRequestId')} />
      </p>
    );
  }
  return (
    <div
      data-result={result.kind}
      className={cn(
        'flex items-start gap-2 rounded-md border p-3 text-sm',
        ok
          ? 'border-success/40 bg-success/5'
          : warn
            ? 'border-warning/40 bg-warning/5'
            : 'border-destructive/40 bg-destructive/5',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn(
          'mt-0.5 size-4 shrink-0',
          ok ? 'text-success' : warn ? 'text-warning' : 'text-destructive',
        )}
      />
      <div className="flex flex-col gap-1">
        <p>{message}</p>
        {imagePrefix && (result.kind === 'ok' || result.kind === 'http-error') ? (
          <ImagePrefixLine result={result} prefix={imagePrefix} />
        ) : null}
        {extra}
      </div>
    </div>
  );
}
