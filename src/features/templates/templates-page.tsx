import { BookMarked, Download } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { datedJsonName, downloadJson, ImportJsonButton } from '@/components/json-file';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { TemplateFileError, templatesFile, templatesInFile } from '@/lib/templates/template-file';
import { matchesSearch } from '@/lib/templates/template-model';
import { importTemplates, useTemplates, useTemplatesLoaded } from '@/lib/templates/template-store';
import { TemplateCard } from './template-card';

/** The prompt library: every kept template, searched by name or tag, with its versions. */
export function TemplatesPage() {
  const { t } = useTranslation('templates');
  const templates = useTemplates();
  const loaded = useTemplatesLoaded();
  const [search, setSearch] = useState('');
  const shown = templates.filter((template) => matchesSearch(template, search));
  const list = useRef<HTMLUListElement>(null);
  const searchBox = useRef<HTMLInputElement>(null);
  const emptyAction = useRef<HTMLAnchorElement>(null);
  // The deleted card took the focused Delete button with it: focus goes to the card now in its
  // place (or the one before), else to the search, else (the last one gone) to the empty state's
  // way on, so the keyboard does not restart at the top.
  const focusAfterDelete = (index: number) =>
    requestAnimationFrame(() => {
      const cards = list.current?.querySelectorAll<HTMLElement>(':scope > li') ?? [];
      const card = cards[Math.min(index, cards.length - 1)];
      (card?.querySelector<HTMLElement>('a, button') ?? searchBox.current ?? emptyAction.current)?.focus();
    });

  async function importFile(file: File) {
    try {
      const { templates: found, invalid } = templatesInFile(await file.text());
      // A file of something else (a batch, a storyboard, a registry export without templates) read
      // as "0 templates added" in green, as if it had worked: say it holds none, and what to choose.
      if (found.length === 0) {
        notifyError(new Error(t('import.none', { count: invalid })), t('import.failed'));
        return;
      }
      const result = await importTemplates(found);
      notifySuccess(
        result.added + result.versions === 0
          ? t('import.nothingNew', { count: found.length })
          : t('import.result', { ...result, invalid }),
      );
    } catch (error) {
      notifyError(
        error instanceof TemplateFileError ? new Error(t(`import.${error.reason}`)) : error,
        t('import.failed'),
      );
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
              onClick={() => downloadJson(datedJsonName('templates'), templatesFile(templates))}
            >
              <Download aria-hidden="true" /> {t('import.exportAll')}
            </Button>
            <ImportJsonButton label={t('import.button')} onFile={(file) => void importFile(file)} />
          </>
        }
      />
      {loaded && templates.length === 0 ? (
        <EmptyState
          icon={BookMarked}
          title={t('list.emptyTitle')}
          description={t('list.empty')}
          action={
            <Button asChild>
              <Link ref={emptyAction} to="/composer">
                {t('list.openComposer')}
              </Link>
            </Button>
          }
        />
      ) : (
        <div className="flex flex-col gap-4">
          <Input
            ref={searchBox}
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
            <ul ref={list} aria-label={t('list.label')} className="flex flex-col gap-3">
              {shown.map((template, index) => (
                <li key={template.id}>
                  <TemplateCard template={template} onDeleted={() => focusAfterDelete(index)} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </>
  );
}
