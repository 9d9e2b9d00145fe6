import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { LanguageSelect } from '@/components/language-select';
import { PageHeader } from '@/components/page-header';
import { ThemeToggle } from '@/components/theme-toggle';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PricesEditor } from '@/components/money/prices-editor';
import { ConnectionForm } from '@/features/settings/connection-form';
import { ServerInfoCard } from '@/features/settings/server-info-card';
import { useTranslation } from '@/lib/i18n';

export function SettingsPage() {
  const { t } = useTranslation('settings');
  const { t: tm } = useTranslation('money');
  const { hash } = useLocation();
  useEffect(() => {
    // The usage page links to /settings#prices; the router does not scroll to a hash itself.
    if (hash === '#prices') document.getElementById('prices')?.scrollIntoView({ block: 'start' });
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
