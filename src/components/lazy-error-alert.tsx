import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/error-message';
import { isQuotaError, knownErrorKind } from '@/lib/error-kind';
import { useTranslation } from '@/lib/i18n';
import type * as ErrorAlertModule from './error-alert';
import type { ErrorAlertProps } from './error-alert';

let loaded: typeof ErrorAlertModule | undefined;
let pending: Promise<typeof ErrorAlertModule> | undefined;

function loadErrorAlert(): Promise<typeof ErrorAlertModule> {
  pending ??= import('./error-alert').then(
    (module) => (loaded = module),
    (error: unknown) => {
      // Forget a failed fetch (offline, a new deploy): the next alert tries again.
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/**
 * The error alert for what the first open renders (the library's failed list, the error
 * boundaries' page): a healthy first open paints no error, so the full alert (details, ids, copy
 * buttons) is fetched only when one shows (decision 541). Until it arrives, and for good if it
 * cannot (the network is gone, which is when the boundaries show), the same headline, sentence and
 * buttons in plain form: an error is never hidden behind a fetch.
 */
export function LazyErrorAlert(props: ErrorAlertProps) {
  const [errorAlert, setErrorAlert] = useState(loaded);
  useEffect(() => {
    if (errorAlert) return;
    let live = true;
    loadErrorAlert().then(
      (m) => live && setErrorAlert(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [errorAlert]);
  return errorAlert ? <errorAlert.ErrorAlert {...props} /> : <PlainErrorAlert {...props} />;
}

/** The full alert's headline, sentence and buttons, without its details (ErrorAlert's rules). */
function PlainErrorAlert({
  error,
  title,
  description,
  explainKnown = true,
  headingLevel,
  onRetry,
  retryLabel,
  actions,
  size = 'inline',
  className,
  'data-testid': testId,
}: ErrorAlertProps) {
  const { t } = useTranslation();
  const kind = explainKnown ? knownErrorKind(error) : undefined;
  const Heading = headingLevel ?? 'p';
  const canRetry = onRetry && kind !== 'groupNotFound' && !isQuotaError(error);
  return (
    <div
      role="alert"
      data-testid={testId}
      className={cn(
        'flex flex-col gap-2 rounded-md border border-destructive/50 bg-destructive/10 text-sm',
        size === 'page' ? 'p-6' : 'p-3',
        className,
      )}
    >
      <Heading className="font-medium">{kind ? t(`errors.known.${kind}.title`) : title}</Heading>
      <p className="break-words">
        {description ?? (kind ? t(`errors.known.${kind}.description`) : errorMessage(error))}
      </p>
      {(actions || canRetry) && (
        <div className="flex flex-wrap gap-2">
          {actions}
          {canRetry && (
            <Button variant="outline" size="sm" onClick={onRetry}>
              {retryLabel ?? t('actions.retry')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
