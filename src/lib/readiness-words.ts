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
      return failed(value) ? 'preparationFailed' : 'preparing';
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
