import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { NavLink } from 'react-router';
import { useConnectionStore } from '@/api/connection-store';
import { useRequestHealth } from '@/api/request-health';
import { systemQueries, type ConnectionStatus } from '@/api/system';
import type { Bootstrap } from '@contract/bootstrap';
import { cn } from '@/lib/cn';
import { whenFirstPageIdle } from '@/lib/first-paint';
import { useTranslation } from '@/lib/i18n';

type ShownStatus = ConnectionStatus | 'checking' | 'offline';

const DOT: Record<ShownStatus, string> = {
  checking: 'bg-muted-foreground animate-pulse',
  offline: 'bg-destructive',
  ok: 'bg-success',
  'no-key': 'bg-warning',
  unauthorized: 'bg-destructive',
  unreachable: 'bg-destructive',
  'not-api': 'bg-destructive',
  'http-error': 'bg-warning',
  quota: 'bg-warning',
};

const LABEL_KEY: Record<ShownStatus, string> = {
  checking: 'connection.checking',
  offline: 'connection.offline',
  ok: 'connection.ok',
  'no-key': 'connection.noKey',
  unauthorized: 'connection.unauthorized',
  unreachable: 'connection.unreachable',
  'not-api': 'connection.notApi',
  'http-error': 'connection.httpError',
  quota: 'connection.quota',
};

/**
 * Connected / wrong key / unreachable, with local or proxy mode from /bootstrap. A link to Settings,
 * where the problem is fixed; the hint (why, what to do) is its accessible description.
 */
function upstreamHostOf(boot: Bootstrap | null | undefined): string | undefined {
  if (boot?.upstream_host) return boot.upstream_host;
  try {
    return boot?.upstream_base_url ? new URL(boot.upstream_base_url).host : undefined;
  } catch {
    return undefined;
  }
}

export function ConnectionIndicator({
  bootstrap,
  enabled,
}: {
  bootstrap: Bootstrap | null;
  enabled: boolean;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const baseUrl = useConnectionStore((s) => s.baseUrl);
  // Its first check (GET /v1/assets?page_size=1, then every minute) waits until the first page has
  // painted its data and is idle: on a slow link it was a second list request ahead of the page's
  // own, and then a request before the list's paint (decisions 140, 245, 246).
  const [painted, setPainted] = useState(false);
  useEffect(() => whenFirstPageIdle(() => setPainted(true)), []);
  const { data, refetch } = useQuery({ ...systemQueries.connection(baseUrl), enabled: enabled && painted });
  const health = useRequestHealth();
  // Real requests outrank the last periodic check: a request that got no answer (or the browser
  // going offline) changes the badge at once, and triggers a check that says what is wrong.
  useEffect(() => {
    if (enabled && painted && health.changes > 0 && health.online) void refetch();
  }, [enabled, painted, health.changes, health.online, refetch]);
  const status: ShownStatus = !health.online
    ? 'offline'
    : health.failing && data?.kind === 'ok'
      ? 'unreachable'
      : (data?.kind ?? 'checking');
  const mode = bootstrap?.mode ?? (data?.kind === 'ok' ? data.bootstrap?.mode : undefined) ?? 'remote';
  // Proxy mode names the deployment it reaches, so that emulated results are never mistaken for real.
  const upstreamHost =
    mode === 'proxy'
      ? upstreamHostOf(bootstrap ?? (data?.kind === 'ok' ? data.bootstrap : undefined))
      : undefined;
  const label =
    status === 'ok'
      ? upstreamHost
        ? t('connection.okProxy', { host: upstreamHost })
        : t('connection.okMode', { mode: t(`connection.mode.${mode}`) })
      : t(LABEL_KEY[status]);
  const hint =
    status === 'ok'
      ? upstreamHost
        ? t('connection.hintProxy', { host: upstreamHost })
        : t('connection.hintOk', { target: baseUrl || t('connection.sameOrigin') })
      : status === 'no-key'
        ? t('connection.hintNoKey')
        : status === 'unauthorized'
          ? t('connection.hintUnauthorized')
          : status === 'unreachable'
            ? t('connection.hintUnreachable')
            : status === 'offline'
              ? t('connection.hintOffline')
              : status === 'not-api'
                ? t('connection.hintNotApi')
                : status === 'quota'
                  ? t('connection.hintQuota')
                  : status === 'http-error' && data?.kind === 'http-error'
                    ? t('connection.hintHttpError', { message: data.error.message })
                    : '';
  return (
    <NavLink
      to="/settings"
      aria-describedby={hint ? hintId : undefined}
      data-status={status}
      title={hint || undefined}
      className="inline-flex min-w-0 items-center gap-2 rounded-md border px-2.5 py-1 text-xs max-sm:h-8 max-sm:px-2 font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', DOT[status])} />
      <span className="sr-only">{t('connection.label')}: </span>
      <span className="truncate max-sm:sr-only">{label}</span>
      {hint ? (
        <span id={hintId} className="sr-only">
          {hint}
        </span>
      ) : null}
    </NavLink>
  );
}
