import { ApiRequestError } from '@/api/api-client';
import { errorMessage } from '@/lib/error-message';
import { i18n } from '@/lib/i18n';
import { toasterReady } from '@/lib/toaster-host';

// The text of an error is the error alert's too, which the first open carries: it lives apart, so
// that these toasts (for what the person does later) are no part of the first open (decision 540).
export { errorMessage };

async function loadToast() {
  const [{ toast }] = await Promise.all([import('sonner'), toasterReady()]);
  return toast;
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
