import { MessageSquareCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { EmptyState } from '@/components/ui/empty-state';

const ENDPOINTS = [
  '/v1/chat/completions',
  '/v1/responses',
  '/v1/messages',
  '/v1/embeddings',
  '/v1/audio/speech',
  '/v1/audio/transcriptions',
  '/v1/audio/translations',
] as const;

/** Placeholder until the playground lands: lists the text endpoints it will exercise. */
export function PlaygroundPage() {
  const { t } = useTranslation('playground');
  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <EmptyState
        icon={MessageSquareCode}
        title={t('empty.title')}
        description={
          <div className="flex flex-col gap-3">
            <p>{t('empty.body')}</p>
            <ul aria-label={t('empty.endpoints')} className="flex flex-wrap justify-center gap-1.5">
              {ENDPOINTS.map((path) => (
                <li key={path}>
                  <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs">POST {path}</code>
                </li>
              ))}
            </ul>
          </div>
        }
      />
    </>
  );
}
