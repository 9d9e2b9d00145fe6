import { useQuery } from '@tanstack/react-query';
import { fetchBootstrap } from '@/api/system';

/**
 * Who served this page: `hosted` when Media Studio's own server did (its /bootstrap answers on the
 * page's origin, and its CSP `connect-src 'self'` then forbids any other API origin), `static` for
 * the dashboard built alone on a static host, where Settings may point anywhere (direct mode).
 */
export type PageServer = 'hosted' | 'static' | 'checking';

async function detect(signal: AbortSignal): Promise<PageServer> {
  // baseUrl '' is the page's own origin, whatever Settings holds.
  const boot = await fetchBootstrap({ signal, baseUrl: '' }).catch(() => null);
  return boot ? 'hosted' : 'static';
}

/** Asked only when it matters (`enabled`: a Base URL on another origin was typed). */
export function usePageServer(enabled: boolean): PageServer {
  const { data } = useQuery({
    enabled,
    queryKey: ['settings', 'page-server'],
    queryFn: ({ signal }) => detect(signal),
    staleTime: Infinity,
    retry: false,
  });
  return data ?? 'checking';
}

/** True when `baseUrl` (normalised; empty means this origin) addresses another origin than the page. */
export function isOtherOrigin(baseUrl: string): boolean {
  if (!baseUrl) return false;
  try {
    return new URL(baseUrl).origin !== window.location.origin;
  } catch {
    return false;
  }
}
