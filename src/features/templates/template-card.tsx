import { Download, History, PenLine, Trash2, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { downloadJson } from '@/components/json-file';
import { TemplateDialog } from '@/components/templates/template-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useTranslation } from '@/lib/i18n';
import { notifyUndoable } from '@/lib/notify';
import { templateFile } from '@/lib/templates/template-file';
import { latestVersion, type Template } from '@/lib/templates/template-model';
import { deleteTemplate, importTemplates } from '@/lib/templates/template-store';
import { TemplateVersions } from './template-versions';

/**
 * Where a template of each kind is used: the composer (composer-templates.tsx) and the task forms
 * (task-forms/form-templates.tsx) take `?template=`. A storyboard shot's is inserted from the shot
 * it goes into (storyboard/shot-templates.tsx), so its card says where instead of linking.
 */
const USE_PATH: Partial<Record<Template['kind'], string>> = {
  video: '/composer',
  'digital-human': '/create/digital-human',
  music: '/create/music',
};

const fileName = (template: Template) =>
  `template-${template.name.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || template.id}.json`;

/** One template: what it is for, its latest variables, and its actions; its versions open in place. */
export function TemplateCard({ template, onDeleted }: { template: Template; onDeleted?: () => void }) {
  const { t } = useTranslation('templates');
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [editing, setEditing] = useState(false);
  const latest = latestVersion(template);
  const headingId = `template-${template.id}`;
  const usePath = USE_PATH[template.kind];

  async function remove() {
    await deleteTemplate(template.id);
    onDeleted?.();
    notifyUndoable(t('list.deleted', { name: template.name }), () => void importTemplates([template]));
  }

  return (
    <Card aria-labelledby={headingId} role="article">
      <CardContent standalone className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <h2 id={headingId} className="text-base font-semibold">
              {template.name}
            </h2>
            <p className="text-xs text-muted-foreground">
              {[
                t(`kinds.${template.kind}`),
                template.model,
                t('list.versions', { count: template.versions.length }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
            {template.tags.length > 0 && (
              <ul aria-label={t('fields.tags')} className="flex flex-wrap gap-1">
                {template.tags.map((tag) => (
                  <li key={tag}>
                    <Badge variant="secondary">{tag}</Badge>
                  </li>
                ))}
              </ul>
            )}
            {template.kind === 'storyboard-shot' && (
              <p className="text-xs text-muted-foreground">
                {t('list.useInShot')}{' '}
                <Link to="/storyboard" className="underline underline-offset-2 hover:text-foreground">
                  {t('list.openStoryboard')}
                </Link>
              </p>
            )}
            {latest.variables.length > 0 && (
              <p className="text-xs text-muted-foreground">
                {t('list.variables', { names: latest.variables.map((v) => `{{${v.name}}}`).join(' ') })}
              </p>
            )}
          </div>
          <div
            className="flex flex-wrap gap-2"
            role="group"
            aria-label={t('list.actions', { name: template.name })}
          >
            {usePath && (
              <Button asChild size="sm">
                <Link to={`${usePath}?template=${encodeURIComponent(template.id)}`}>
                  <Wand2 aria-hidden="true" /> {t('list.use')}
                </Link>
              </Button>
            )}
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
              <PenLine aria-hidden="true" /> {t('list.edit')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              aria-expanded={versionsOpen}
              onClick={() => setVersionsOpen((open) => !open)}
            >
              <History aria-hidden="true" /> {t('list.showVersions')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => downloadJson(fileName(template), templateFile(template))}
            >
              <Download aria-hidden="true" /> {t('list.export')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void remove()}>
              <Trash2 aria-hidden="true" /> {t('list.delete')}
            </Button>
          </div>
        </div>
        {versionsOpen && <TemplateVersions template={template} />}
      </CardContent>
      {editing && <TemplateDialog mode="edit" template={template} onClose={() => setEditing(false)} />}
    </Card>
  );
}
