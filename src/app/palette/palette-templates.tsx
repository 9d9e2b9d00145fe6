import { Command } from 'cmdk';
import { BookMarked } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { Template } from '@/lib/templates/template-model';
import { GROUP_HEADING, Item } from './palette-item';

/**
 * "Insert template: …" for each video template kept in this browser, read as the palette opens:
 * it opens the composer's insert form on that template. The store comes with this (lazy) chunk only.
 */
export function PaletteTemplates({ go }: { go: (to: string) => void }) {
  const { t } = useTranslation('palette');
  const [templates, setTemplates] = useState<Template[]>([]);
  useEffect(() => {
    let live = true;
    void import('@/lib/templates/template-store')
      .then((m) => m.listTemplates())
      .then((list) => live && setTemplates(list.filter((template) => template.kind === 'video')))
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
          onSelect={() => go(`/composer?template=${encodeURIComponent(template.id)}`)}
        >
          {t('palette.insertTemplate', { name: template.name })}
        </Item>
      ))}
    </Command.Group>
  );
}
