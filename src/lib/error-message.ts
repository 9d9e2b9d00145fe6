import { ApiRequestError, INVALID_RESPONSE_TYPE } from '@/api/api-client';
import { isQuotaError, isUnreachableError } from '@/lib/error-kind';
import { i18n } from '@/lib/i18n';

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
