import { Badge } from '@/components/ui/badge';
import { LazyTooltip } from '@/components/ui/lazy-tooltip';
import type { Asset } from '@/api/assets';
import { useTranslation } from '@/lib/i18n';
import {
  describeReadinessFailures,
  readinessLabel,
  reviewPassedButNotReady,
  type ReadinessLabel,
} from './readiness';
import type { RovingProps } from './use-roving-grid';

const VARIANT: Record<ReadinessLabel, 'success' | 'warning' | 'destructive' | 'outline'> = {
  ready: 'success',
  preparing: 'warning',
  failed: 'destructive',
  review_failed: 'destructive',
  review_unknown: 'warning',
  disabled: 'outline',
};

/**
 * Readiness for generation, decided by the five fields of the specification (never by
 * review_status alone). The tooltip names every failing condition with its current value.
 */
export function ReadinessBadge({ asset, focus }: { asset: Asset; focus?: RovingProps }) {
  const { t } = useTranslation('assets');
  const label = readinessLabel(asset);
  const failures = describeReadinessFailures(asset);
  const content =
    failures.length === 0 ? (
      <p>{t('readiness.allConditionsHold')}</p>
    ) : (
      <div className="space-y-1">
        {reviewPassedButNotReady(asset) && (
          <p className="font-medium">{t('readiness.reviewPassedNotReady')}</p>
        )}
        <p>{t('readiness.failingConditions')}</p>
        <ul className="list-disc pl-4">
          {failures.map((f) => (
            <li key={f.condition}>
              {t('readiness.condition', { field: f.condition, actual: f.actual, expected: f.expected })}
            </li>
          ))}
        </ul>
      </div>
    );
  return (
    <LazyTooltip content={content}>
      {/* A button so that keyboard users can focus it and read the tooltip too. */}
      <button
        type="button"
        aria-label={t('readiness.badgeLabel', { label: t(`readiness.${label}`) })}
        // In the library, its place in the collection's roving focus (use-roving-grid.ts).
        {...focus}
        className="rounded-md focus-visible:outline-2 focus-visible:outline-ring"
      >
        <Badge variant={VARIANT[label]} data-readiness={label}>
          {t(`readiness.${label}`)}
        </Badge>
      </button>
    </LazyTooltip>
  );
}
