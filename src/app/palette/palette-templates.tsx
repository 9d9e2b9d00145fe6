import { Command } from 'cmdk';
import { BookMarked } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { Template } from '@/lib/templates/template-model';
import { GROUP_HEADING, Item } from './palette-item';

/** The form that inserts a template of each kind (`?template=<id>`). */
const FORM_OF: Partial<Record<Template['kind'], string>> = {
  video: '/composer',
  'digital-human': '/create/digital-human',
  music: '/create/music',
};

/**
 * "Insert template: …" for each template kept in this browser that a form inserts, read as the
 * palette opens: it opens that form's insert form on the template. The store comes with this
 * (lazy) chunk only.
 */
export function PaletteTemplates({ go }: { go: (to: string) => void }) {
  const { t } = useTranslation('palette');
  const [templates, setTemplates] = useState<Template[]>([]);
  useEffect(() => {
    let live = true;
    void import('@/lib/templates/template-store')
      .then((m) => m.listTemplates())
      .then((list) => live && setTemplates(list.filter((template) => FORM_OF[template.kind])))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (templates.length === 0) return null;
  return (
    <Command.Group heading={t('palette.templates')} className={GROUP_HEADING}>
      {templates.map((template) => (
        <Item
          key={template.id}
          value={t('palette.insertTemplate', { name: template.name })}
          keywords={['template', 'insert', ...template.tags]}
          icon={<BookMarked aria-hidden="true" className="size-4" />}
          onSelect={() => go(`${FORM_OF[template.kind]}?template=${encodeURIComponent(template.id)}`)}
        >
          {t('palette.insertTemplate', { name: template.name })}
        </Item>
      ))}
    </Command.Group>
  );
}
