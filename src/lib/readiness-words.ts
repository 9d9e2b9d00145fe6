import type { ReadinessCondition } from '@contract/asset';
import { i18n } from '@/lib/i18n';

/** A failing readiness condition: the field and the value it has now. */
export interface FailingCondition {
  field: ReadinessCondition;
  value: unknown;
}

const failed = (value: unknown) => value === 'failed' || value === 'error';

/** The `readiness-reasons` key saying, in words, what a failing condition means for the person. */
function reasonKey({ field, value }: FailingCondition): string {
  switch (field) {
    case 'status':
      return failed(value) ? 'processingFailed' : value === 'disabled' ? 'disabled' : 'processing';
    case 'preparation_status':
      return failed(value) ? 'preparationFailed' : value === 'disabled' ? 'disabled' : 'preparing';
    case 'review_status':
      return failed(value) ? 'reviewRefused' : 'reviewRunning';
    case 'review_passed':
      // Some callers pass values as they display them ('false').
      return value === false || value === 'false' ? 'reviewRefused' : 'reviewRunning';
    case 'generation_ready':
      return 'notMarkedReady';
  }
}

/**
 * Why an asset cannot be used yet, in words ("still being prepared; the content review is still
 * running") rather than a dump of fields and values; each reason said once. The caller's lazy part
 * loads the `readiness-reasons` namespace with its code (`withNamespaces`): it is not the first
 * route's, and `i18n.t` does not wait for strings.
 */
export function readinessReasons(failures: readonly FailingCondition[]): string[] {
  const keys = [...new Set(failures.map(reasonKey))];
  return keys.map((key) => i18n.t(`readiness-reasons:${key}`));
}

/**
 * Why a disabled asset cannot be used (specification, Asset states: `disabled`), with the
 * deployment's own reason when it gives one in `sync_error`: a disabled asset never becomes ready,
 * so the person is told to register the media again rather than to wait.
 */
export function disabledReason(syncError?: string | null): string {
  return syncError
    ? i18n.t('readiness-reasons:disabledWhyWith', { reason: syncError })
    : i18n.t('readiness-reasons:disabledWhy');
}

/** Whether an asset is disabled, by either field that can say so. */
export function isDisabledAsset(asset: { status?: unknown; preparation_status?: unknown }): boolean {
  return asset.status === 'disabled' || asset.preparation_status === 'disabled';
}
