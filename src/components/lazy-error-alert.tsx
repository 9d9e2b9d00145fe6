import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import type * as ErrorAlertModule from './error-alert';
import { errorAlertParts, type ErrorAlertProps } from './alert-parts';

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
 * buttons in plain form (alert-parts.ts): an error is never hidden behind a fetch.
 */
export function LazyErrorAlert(props: ErrorAlertProps) {
  const { headingLevel, onRetry, retryLabel, actions, 'data-testid': testId } = props;
  const { t } = useTranslation();
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
  if (errorAlert) return <errorAlert.ErrorAlert {...props} />;
  const [boxClassName, headline, sentence, canRetry] = errorAlertParts(props, t);
  const Heading = headingLevel ?? 'p';
  return (
    <div role="alert" data-testid={testId} className={boxClassName}>
      <Heading className="font-medium">{headline}</Heading>
      <p className="break-words">{sentence}</p>
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
