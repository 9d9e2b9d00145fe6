import { useQuery } from '@tanstack/react-query';
import { FlaskConical } from 'lucide-react';
import { Link } from 'react-router';
import { faultIsOn, localDoubleQueries } from '@/api/local-double';
import { useTranslation } from '@/lib/i18n';

/**
 * Shown while the local server's fault switch is on for this key (Settings, "Test faults"), so
 * nobody forgets a fault and takes its errors for real ones. Local mode only.
 */
export function FaultsBadge() {
  const { t } = useTranslation();
  const { data } = useQuery(localDoubleQueries.state());
  if (!faultIsOn(data)) return null;
  return (
    <Link
      to="/settings#test-faults"
      data-testid="faults-badge"
      className="inline-flex items-center gap-1 rounded-md border border-warning/60 bg-warning/15 px-2 py-1 text-xs font-medium text-foreground hover:bg-warning/25 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <FlaskConical aria-hidden="true" className="size-3.5" />
      {t('faults.badge')}
    </Link>
  );
}
