import { useEffect, useState } from 'react';
import { Clock } from 'lucide-react';
import { useRateLimitWait } from '@/api/rate-limit';
import { useTranslation } from '@/lib/i18n';

/**
 * "Rate limited, retrying in N s" while a request waits out a 429's Retry-After (api-client.ts):
 * without it the page would just look stuck. A polite status, counted down each second.
 */
export function RateLimitNotice() {
  const { t } = useTranslation();
  const { until } = useRateLimitWait();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  if (until === null) return null;
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  return (
    <div
      role="status"
      className="fixed bottom-4 left-1/2 z-50 flex -translate-x-1/2 items-center gap-2 rounded-md border border-amber-500/50 bg-amber-50 px-3 py-2 text-sm text-amber-950 shadow-md dark:bg-amber-950 dark:text-amber-50"
    >
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      {t('rateLimit.retrying', { count: seconds })}
    </div>
  );
}
