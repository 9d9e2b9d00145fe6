import { useQuery } from '@tanstack/react-query';
import { useConnectionStore } from '@/api/connection-store';
import { systemQueries } from '@/api/system';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useTranslation } from '@/lib/i18n';

/** Mode (local/proxy), version and upstream, from GET /bootstrap of the saved base URL. */
export function ServerInfoCard() {
  const { t } = useTranslation('settings');
  const baseUrl = useConnectionStore((s) => s.baseUrl);
  const { data, isPending, isError } = useQuery(systemQueries.bootstrap(baseUrl));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('server.title')}</CardTitle>
        <CardDescription>{t('server.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : isError || !data ? (
          <p className="text-sm text-muted-foreground">
            {isError ? t('server.unreachable') : t('server.noBootstrap')}
          </p>
        ) : (
          <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
            <dt className="text-muted-foreground">{t('server.mode')}</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <Badge variant={data.mode === 'proxy' ? 'warning' : 'success'}>
                {t(`server.modes.${data.mode}`)}
              </Badge>
              <span className="text-muted-foreground">{t(`server.modeHelp.${data.mode}`)}</span>
            </dd>
            <dt className="text-muted-foreground">{t('server.version')}</dt>
            <dd className="font-mono">{data.version}</dd>
            {/* The base URL is told only to a key (issue 41); this keyless read names the host. */}
            {data.upstream_base_url || data.upstream_host ? (
              <>
                <dt className="text-muted-foreground">{t('server.upstream')}</dt>
                <dd className="font-mono break-all">{data.upstream_base_url ?? data.upstream_host}</dd>
              </>
            ) : null}
            {data.emulator_speed !== undefined && data.mode === 'local' ? (
              <>
                <dt className="text-muted-foreground">{t('server.speed')}</dt>
                <dd>×{data.emulator_speed}</dd>
              </>
            ) : null}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
