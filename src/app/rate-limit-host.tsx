import { retryableImport } from '@/lib/chunk-retry';
import { ShellPart } from '@/app/shell-part';
import { useRateLimitWait } from '@/api/rate-limit';

// The notice's code comes with the first 429, not with the first page: most sessions never wait
// out a Retry-After, and the library's first open has no bytes to spare (decision 296).
const loadNotice = retryableImport(() => import('@/app/rate-limit-notice'));
const notice = () => loadNotice().then((m) => m.RateLimitNotice);

/** "Rate limited, retrying in N s" while a request waits out a 429 (./rate-limit-notice.tsx). */
export function RateLimitHost() {
  const { until } = useRateLimitWait();
  return until === null ? null : <ShellPart load={notice} />;
}
