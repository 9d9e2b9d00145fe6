import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useTranslation } from '@/lib/i18n';
import {
  latestVersion,
  matchesSearch,
  type Template,
  type TemplateKind,
} from '@/lib/templates/template-model';
import { useTemplates, useTemplatesLoaded } from '@/lib/templates/template-store';
import { fillRequest, unfilled } from '@/lib/templates/variables';
import { useReturnFocusOnUnmount } from '@/lib/use-url-dialog';
import { VariableDefaults } from './variable-defaults';

/**
 * Insert a template into a form: pick one (searched by name or tag), fill its variables in a small
 * form while the request it will become is previewed live, then hand the filled request back.
 */
export function InsertTemplateDialog({
  kind,
  initialId,
  onInsert,
  onClose,
  preview,
}: {
  kind: TemplateKind;
  initialId?: string;
  onInsert: (request: Record<string, unknown>, template: Template) => void;
  onClose: () => void;
  /** The form's own request preview of the filled request. */
  preview: (request: Record<string, unknown>) => ReactNode;
}) {
  const { t } = useTranslation('templates');
  const templates = useTemplates();
  const loaded = useTemplatesLoaded();
  const [search, setSearch] = useState('');
  const [chosenId, setChosenId] = useState(initialId);
  const [values, setValues] = useState<Record<string, string>>({});
  const ofKind = templates.filter((template) => template.kind === kind);
  const chosen = ofKind.find((template) => template.id === chosenId);
  const shown = ofKind.filter((template) => matchesSearch(template, search));
  const version = chosen ? latestVersion(chosen) : undefined;
  const filled = version ? fillRequest(version.request, values, version.variables) : undefined;
  const missing = version ? unfilled(version.request, values, version.variables) : [];
  useReturnFocusOnUnmount();
  // Picking a template replaces the list by its form (and Back the other way): the focused element
  // is gone, so focus goes to the first box of the new step, not to <body> where typing is lost.
  const content = useRef<HTMLDivElement>(null);
  const step = useRef(chosenId);
  useEffect(() => {
    if (step.current === chosenId) return;
    step.current = chosenId;
    content.current?.querySelector<HTMLElement>('input, button[type="submit"]')?.focus();
  }, [chosenId]);

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent ref={content} width="3xl">
        <DialogTitle>{chosen ? t('insert.fillTitle', { name: chosen.name }) : t('insert.title')}</DialogTitle>
        <DialogDescription>
          {chosen ? t('insert.fillDescription') : t('insert.description')}
        </DialogDescription>
        {!chosen ? (
          <div className="flex flex-col gap-3">
            <Input
              aria-label={t('list.search')}
              placeholder={t('list.search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
            {loaded && shown.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {ofKind.length === 0 ? t('insert.noneOfKind') : t('list.noMatch')}
              </p>
            ) : (
              <ul
                aria-label={t('insert.listLabel')}
                className="flex max-h-[60vh] flex-col gap-1 overflow-y-auto"
              >
                {shown.map((template) => (
                  <li key={template.id}>
                    {/* A plain button: two lines of text, which the Button's fixed height would clip. */}
                    <button
                      type="button"
                      className="flex w-full flex-col rounded-md px-3 py-2 text-left text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                      onClick={() => setChosenId(template.id)}
                    >
                      <span className="font-medium">{template.name}</span>
                      <span className="text-xs text-muted-foreground">
                        {[template.model, ...template.tags].filter(Boolean).join(' · ')}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : (
          <form
            className="grid gap-4 md:grid-cols-2"
            onSubmit={(e) => {
              e.preventDefault();
              // The dialog is portalled out of the DOM but not out of React: its submit would bubble to
              // the form it was opened from (a task form's submit sends a task).
              e.stopPropagation();
              if (filled) onInsert(filled, chosen);
            }}
          >
            <div className="flex flex-col gap-4">
              <VariableDefaults
                mode="fill"
                variables={version!.variables.map((v) => ({ name: v.name, default: values[v.name] ?? '' }))}
                placeholders={Object.fromEntries(version!.variables.map((v) => [v.name, v.default]))}
                onChange={(name, value) => setValues((all) => ({ ...all, [name]: value }))}
              />
              {missing.length > 0 && (
                <p role="status" className="text-sm text-muted-foreground">
                  {t('insert.unfilled', { names: missing.join(', ') })}
                </p>
              )}
              <div className="flex flex-wrap justify-end gap-2">
                {!initialId && (
                  <Button type="button" variant="outline" onClick={() => setChosenId(undefined)}>
                    {t('insert.back')}
                  </Button>
                )}
                <Button type="submit">{t('insert.submit')}</Button>
              </div>
            </div>
            <section aria-label={t('insert.preview')} className="min-w-0">
              {filled && preview(filled)}
            </section>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
