import { Plus, Table2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatDateMs } from '@/lib/format-date';
import { useTranslation } from '@/lib/i18n';
import { emptyBatch } from './batch-model';
import { listBatches, saveBatch, type BatchSummary } from './batch-storage';
import { BatchEditor } from './batch-editor';

export { BatchResume } from './batch-resume';

/** /batches: the batches kept in this browser; /batches/<id>: one of them (issue 45). */
export function BatchesPage() {
  const id = useParams()['*'];
  return id ? <BatchEditor key={id} id={id} /> : <BatchList />;
}

function BatchList() {
  const { t, i18n } = useTranslation('batches');
  const navigate = useNavigate();
  const [batches, setBatches] = useState<BatchSummary[] | null>(null);
  useEffect(() => {
    void listBatches()
      .catch(() => [])
      .then(setBatches);
  }, []);

  async function create() {
    const batch = { ...emptyBatch(), name: t('untitled') };
    await saveBatch(batch);
    void navigate(`/batches/${batch.id}`);
  }

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button onClick={() => void create()}>
            <Plus aria-hidden="true" /> {t('new')}
          </Button>
        }
      />
      {batches && batches.length === 0 && (
        <EmptyState icon={Table2} title={t('empty.title')} description={t('empty.description')} />
      )}
      {batches && batches.length > 0 && (
        <ul className="grid gap-2" aria-label={t('listLabel')}>
          {batches.map((b) => (
            <li key={b.id}>
              <Card>
                <CardContent className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <Link to={`/batches/${b.id}`} className="font-medium underline-offset-2 hover:underline">
                    {b.name || b.id}
                  </Link>
                  <span className="text-sm text-muted-foreground">
                    {t('summary', { count: b.rows, state: t(`state.${b.state}`) })} ·{' '}
                    {formatDateMs(b.updatedAt, i18n.language)}
                  </span>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
