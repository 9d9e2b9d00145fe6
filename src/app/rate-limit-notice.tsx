import { useEffect, useState } from 'react';
import { Clock } from 'lucide-react';
import { useRateLimitWait } from '@/api/rate-limit';
import { useTranslation } from '@/lib/i18n';

/** Counts down from `seconds` once a second; remounted (by key) for each new wait. */
function Countdown({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => clearInterval(timer);
  }, []);
  return <>{t('rateLimit.retrying', { count: left })}</>;
}

/**
 * "Rate limited, retrying in N s" while a request waits out a 429's Retry-After (api-client.ts):
 * without it the page would just look stuck. A polite status, counted down each second.
 */
export function RateLimitNotice() {
  const { until, seconds } = useRateLimitWait();
  if (until === null) return null;
  return (
    <div
      role="status"
      className="fixed bottom-4 left-1/2 z-50 flex -translate-x-1/2 items-center gap-2 rounded-md border border-amber-500/50 bg-amber-50 px-3 py-2 text-sm text-amber-950 shadow-md dark:bg-amber-950 dark:text-amber-50"
    >
      <Clock aria-hidden="true" className="size-4 shrink-0" />
      <Countdown key={until} seconds={seconds} />
    </div>
  );
}
