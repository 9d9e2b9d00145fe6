import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { PageHeader } from '@/components/page-header';
import { ThemeToggle } from '@/components/theme-toggle';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PricesEditor } from '@/components/money/prices-editor';
import { ConnectionForm } from '@/features/settings/connection-form';
import { ServerInfoCard } from '@/features/settings/server-info-card';
import { useTranslation } from '@/lib/i18n';
import { useQuery } from '@tanstack/react-query';
import { useBaseUrl } from '@/api/connection-store';
import { systemQueries } from '@/api/system';

// Only for a local server, and only on Settings: not part of any first load.
const TestFaultsPanel = lazy(() =>
  import('@/features/settings/test-faults-panel').then((m) => ({ default: m.TestFaultsPanel })),
);

export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { data: bootstrap } = useQuery(systemQueries.bootstrap(useBaseUrl()));
  const { t: tm } = useTranslation('money');
  const { hash } = useLocation();
  useEffect(() => {
    // The usage page links to #prices and the faults badge to #test-faults; the router does not
    // scroll to a hash itself.
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash]);
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <div className="grid max-w-5xl gap-6 xl:grid-cols-[3fr_2fr]">
        <ConnectionForm />
        <div className="flex flex-col gap-6">
          <ServerInfoCard />
          <Card>
            <CardHeader>
              <CardTitle>{t('appearance.title')}</CardTitle>
              <CardDescription>{t('appearance.description')}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <LanguageSelect showLabel />
              <div className="flex items-center gap-2">
                <span className="text-sm font-medium">{t('common:theme.label')}</span>
                <ThemeToggle showLabels />
              </div>
            </CardContent>
          </Card>
          {bootstrap?.mode === 'local' && (
            <Suspense fallback={null}>
              <TestFaultsPanel />
            </Suspense>
          )}
        </div>
        {/* The usage page links here (#prices); the same editor also opens there in place. */}
        <Card id="prices" role="region" aria-labelledby="prices-title" className="scroll-mt-20 xl:col-span-2">
          <CardHeader>
            <CardTitle id="prices-title">{tm('prices.title')}</CardTitle>
          </CardHeader>
          <CardContent>
            <PricesEditor />
          </CardContent>
        </Card>
      </div>
    </>
  );
}
