import { ApiRequestError, INVALID_RESPONSE_TYPE } from '@/api/api-client';
import { isQuotaError, isUnreachableError } from '@/lib/error-kind';
import { i18n } from '@/lib/i18n';
import { toasterReady } from '@/lib/toaster-host';

async function loadToast() {
  const [{ toast }] = await Promise.all([import('sonner'), toasterReady()]);
  return toast;
}

/**
 * Text of any thrown value, for people (never "[object Object]"). Failures the dashboard itself
 * detects (no answer, not JSON) are translated; a server's own message is shown as it sent it.
 */
export function errorMessage(error: unknown): string {
  // The browser's own "Failed to fetch" is English and says nothing about what to do.
  if (isUnreachableError(error)) return i18n.t('common:errors.network');
  if (error instanceof ApiRequestError && error.info.type === INVALID_RESPONSE_TYPE) {
    return i18n.t('common:errors.invalidResponse');
  }
  // A deployment's own quota message may be terse: say what it means, and that it was not retried.
  if (isQuotaError(error)) return i18n.t('common:errors.quotaSpent', { message: (error as Error).message });
  if (error instanceof ApiRequestError && error.code === 'group_not_found') {
    // The page-level explanation's own words (no new strings on the first load).
    const known = 'common:errors.known.groupNotFound';
    return `${i18n.t(`${known}.title`)}: ${i18n.t(`${known}.description`)} (${error.message})`;
  }
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return i18n.t('common:errors.unknown');
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * An error toast saying what went wrong; API errors offer "Copy request id" so the person can hand
 * it to support. Aborted requests are not errors a person needs to hear about.
 */
export function notifyError(error: unknown, fallbackTitle?: string): void {
  if (error instanceof DOMException && error.name === 'AbortError') return;
  const title = fallbackTitle ?? i18n.t('common:errors.title');
  const message = errorMessage(error);
  const requestId = error instanceof ApiRequestError ? error.requestId : undefined;
  void loadToast().then((toast) =>
    toast.error(title, {
      description: requestId ? `${message} (${i18n.t('common:errors.requestId')}: ${requestId})` : message,
      duration: 10_000,
      ...(requestId
        ? {
            action: {
              label: i18n.t('common:errors.copyRequestId'),
              onClick: () => {
                void copyText(requestId).then((ok) => {
                  if (ok) toast.success(i18n.t('common:copy.copied'));
                });
              },
            },
          }
        : {}),
    }),
  );
}

export function notifySuccess(message: string): void {
  void loadToast().then((toast) => toast.success(message));
}

/** A done-toast with an Undo button, for something removed that can be put back. */
export function notifyUndoable(message: string, onUndo: () => void): void {
  void loadToast().then((toast) =>
    toast.success(message, {
      duration: 10_000,
      action: { label: i18n.t('common:actions.undo'), onClick: onUndo },
    }),
  );
}
