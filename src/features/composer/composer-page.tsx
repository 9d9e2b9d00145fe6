import { Wand2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** Placeholder until the composer lands: says what it will do and what to prepare meanwhile. */
export function ComposerPage() {
  const { t } = useTranslation('composer');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <EmptyState
        icon={Wand2}
        title={t('empty.title')}
        description={
          <div className="flex flex-col gap-2 text-left">
            <p>{t('empty.body')}</p>
            <ul className="list-disc pl-5">
              <li>{t('empty.video')}</li>
              <li>{t('empty.digitalHuman')}</li>
              <li>{t('empty.music')}</li>
            </ul>
          </div>
        }
        action={
          <Button asChild variant="outline">
            <Link to="/assets">{t('empty.action')}</Link>
          </Button>
        }
      />
    </>
  );
}
