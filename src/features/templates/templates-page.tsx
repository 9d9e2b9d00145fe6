import { BookMarked, Download, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { templatesFile, templatesInFile } from '@/lib/templates/template-file';
import { matchesSearch } from '@/lib/templates/template-model';
import { importTemplates, useTemplates, useTemplatesLoaded } from '@/lib/templates/template-store';
import { downloadJson } from './download';
import { TemplateCard } from './template-card';

/** The prompt library: every kept template, searched by name or tag, with its versions. */
export function TemplatesPage() {
  const { t } = useTranslation('templates');
  const templates = useTemplates();
  const loaded = useTemplatesLoaded();
  const [search, setSearch] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const shown = templates.filter((template) => matchesSearch(template, search));

  async function importFile(file: File) {
    try {
      const { templates: found, invalid } = templatesInFile(await file.text());
      const result = await importTemplates(found);
      notifySuccess(t('import.result', { added: result.added, versions: result.versions, invalid }));
    } catch (error) {
      notifyError(error, t('import.failed'));
    }
  }

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <Button
              variant="outline"
              disabled={templates.length === 0}
              onClick={() =>
                downloadJson(
                  `templates-${new Date().toISOString().slice(0, 10)}.json`,
                  templatesFile(templates),
                )
              }
            >
              <Download aria-hidden="true" /> {t('import.exportAll')}
            </Button>
            <Button variant="outline" onClick={() => fileRef.current?.click()}>
              <Upload aria-hidden="true" /> {t('import.button')}
            </Button>
            <input
              ref={fileRef}
              type="file"
              accept="application/json,.json"
              className="sr-only"
              tabIndex={-1}
              // Reached through the Import button: hidden so the page does not name two controls.
              aria-hidden="true"
              aria-label={t('import.button')}
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void importFile(file);
              }}
            />
          </>
        }
      />
      {loaded && templates.length === 0 ? (
        <EmptyState icon={BookMarked} title={t('list.emptyTitle')} description={t('list.empty')} />
      ) : (
        <div className="flex flex-col gap-4">
          <Input
            type="search"
            aria-label={t('list.search')}
            placeholder={t('list.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="max-w-sm"
          />
          {shown.length === 0 && loaded ? (
            <p className="text-sm text-muted-foreground">{t('list.noMatch')}</p>
          ) : (
            <ul aria-label={t('list.label')} className="flex flex-col gap-3">
              {shown.map((template) => (
                <li key={template.id}>
                  <TemplateCard template={template} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}
