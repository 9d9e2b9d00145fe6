import { ListChecks } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';

/** Placeholder until task tracking lands: no task is shown that the person did not create. */
export function TasksPage() {
  const { t } = useTranslation('tasks');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <EmptyState
        icon={ListChecks}
        title={t('empty.title')}
        description={t('empty.body')}
        action={
          <Button asChild variant="outline">
            <Link to="/composer">{t('empty.action')}</Link>
          </Button>
        }
      />
    </>
  );
}
