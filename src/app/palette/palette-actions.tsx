import { Command } from 'cmdk';
import { FolderPlus, Keyboard, Languages, Link2, Moon, Music, Upload, UserRound, Wand2 } from 'lucide-react';
import { pickFiles, useFilesToUpload } from '@/lib/files-to-upload';
import { changeLanguage, LANGUAGE_NAMES, LANGUAGES, useTranslation } from '@/lib/i18n';
import { setTheme, THEMES } from '@/lib/theme';
import { GROUP_HEADING, Item } from './palette-item';
import { usePaletteStore } from './palette-store';

/** What the palette's items can do: close it and then act, or go to a URL. */
export interface PaletteRun {
  run: (action: () => void) => void;
  go: (to: string) => void;
  /** The library URL of the group in view, with extra search parameters. */
  withGroup: (extra: string) => string;
  navigate: (to: string) => void;
}

/** The common actions (upload, register, new group or task, shortcuts) and the preferences. */
export function PaletteActions({ run, go, withGroup, navigate }: PaletteRun) {
  const { t } = useTranslation('palette');
  const opened = usePaletteStore((s) => s.opened);
  return (
    <>
      <Command.Group heading={t('palette.actions')} className={GROUP_HEADING}>
        <Item
          value={t('palette.upload')}
          keywords={['upload', 'files']}
          icon={<Upload aria-hidden="true" className="size-4" />}
          // The picker opens inside this key press or click (browsers allow it only there); the
          // library it leads to takes the chosen files into its upload queue.
          onSelect={() =>
            run(() =>
              pickFiles((files) => {
                useFilesToUpload.getState().filesChosen(files);
                navigate(withGroup(''));
              }),
            )
          }
        >
          {t('palette.upload')}
        </Item>
        <Item
          value={t('palette.register')}
          keywords={['register', 'url', 'asset']}
          icon={<Link2 aria-hidden="true" className="size-4" />}
          onSelect={() => go(withGroup('register=1'))}
        >
          {t('palette.register')}
        </Item>
        <Item
          value={t('palette.newGroup')}
          keywords={['new', 'group']}
          icon={<FolderPlus aria-hidden="true" className="size-4" />}
          onSelect={() => go('/groups?new=1')}
        >
          {t('palette.newGroup')}
        </Item>
        <Item
          value={t('palette.newVideo')}
          keywords={['new', 'video', 'composer']}
          icon={<Wand2 aria-hidden="true" className="size-4" />}
          onSelect={() => go('/composer')}
        >
          {t('palette.newVideo')}
        </Item>
        <Item
          value={t('palette.newDigitalHuman')}
          keywords={['new', 'digital', 'human', 'avatar', 'voice', 'speech', 'task']}
          icon={<UserRound aria-hidden="true" className="size-4" />}
          onSelect={() => go('/create/digital-human')}
        >
          {t('palette.newDigitalHuman')}
        </Item>
        <Item
          value={t('palette.newMusic')}
          keywords={['new', 'music', 'song', 'track', 'task']}
          icon={<Music aria-hidden="true" className="size-4" />}
          onSelect={() => go('/create/music')}
        >
          {t('palette.newMusic')}
        </Item>
        <Item
          value={t('palette.shortcuts')}
          keywords={['keyboard', 'shortcuts', 'help']}
          icon={<Keyboard aria-hidden="true" className="size-4" />}
          onSelect={() => opened('shortcuts')}
        >
          {t('palette.shortcuts')}
        </Item>
      </Command.Group>

      <Command.Group heading={t('palette.preferences')} className={GROUP_HEADING}>
        {THEMES.map((theme) => (
          <Item
            key={theme}
            value={t('palette.theme', { theme: t(`theme.${theme}`) })}
            keywords={['theme', theme]}
            icon={<Moon aria-hidden="true" className="size-4" />}
            onSelect={() => run(() => setTheme(theme))}
          >
            {t('palette.theme', { theme: t(`theme.${theme}`) })}
          </Item>
        ))}
        {LANGUAGES.map((lng) => (
          <Item
            key={lng}
            value={t('palette.language', { language: LANGUAGE_NAMES[lng] })}
            keywords={['language', lng]}
            icon={<Languages aria-hidden="true" className="size-4" />}
            onSelect={() => run(() => void changeLanguage(lng))}
          >
            {t('palette.language', { language: LANGUAGE_NAMES[lng] })}
          </Item>
        ))}
      </Command.Group>
    </>
  );
}
