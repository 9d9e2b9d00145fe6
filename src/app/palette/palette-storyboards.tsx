import { Command } from 'cmdk';
import { Clapperboard } from 'lucide-react';
import { useEffect, useState } from 'react';
import { listStoryboards, type StoredStoryboard } from '@/lib/storyboard/storyboard-storage';
import { useTranslation } from '@/lib/i18n';
import { GROUP_HEADING, Item } from './palette-item';

/** "New storyboard" and every storyboard kept in this browser, read as the palette opens. */
export function PaletteStoryboards({ go }: { go: (to: string) => void }) {
  const { t } = useTranslation('palette');
  const [boards, setBoards] = useState<StoredStoryboard[]>([]);
  useEffect(() => {
    let live = true;
    void listStoryboards()
      .then((list) => live && setBoards(list))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const icon = <Clapperboard aria-hidden="true" className="size-4" />;
  return (
    <Command.Group heading={t('palette.storyboards')} className={GROUP_HEADING}>
      <Item
        value={t('palette.newStoryboard')}
        keywords={['new', 'storyboard', 'shots', 'scene']}
        icon={icon}
        onSelect={() => go('/storyboard?new=1')}
      >
        {t('palette.newStoryboard')}
      </Item>
      {boards.map((b) => (
        <Item
          key={b.id}
          value={t('palette.openStoryboard', { name: b.name })}
          keywords={['storyboard', b.id]}
          icon={icon}
          onSelect={() => go(`/storyboard/${b.id}`)}
        >
          {t('palette.openStoryboard', { name: b.name })}
        </Item>
      ))}
    </Command.Group>
  );
}
