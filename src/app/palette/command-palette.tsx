import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import {
  FileSearch,
  FolderPlus,
  Keyboard,
  Languages,
  Link2,
  ListChecks,
  Moon,
  Music,
  Upload,
  UserRound,
  Wand2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { assetQueries } from '@/api/assets';
import { useTrackedTasks } from '@/api/task-registry';
import { NAV_ITEMS } from '@/app/app-nav';
import { pickFiles, useFilesToUpload } from '@/lib/files-to-upload';
import { changeLanguage, LANGUAGE_NAMES, LANGUAGES } from '@/lib/i18n';
import { setTheme, THEMES } from '@/lib/theme';
import { usePaletteStore } from './palette-store';

const ASSET_ID = /^asset_[A-Za-z0-9_-]+$/;
const TASK_ID = /^task_[A-Za-z0-9_-]+$/;
/** Enough recent tasks to find one by prompt; more would slow cmdk's filtering for nothing. */
const RECENT_TASKS = 50;

function Item({
  value,
  keywords,
  onSelect,
  icon,
  children,
}: {
  value: string;
  keywords?: string[];
  onSelect: () => void;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Command.Item
      value={value}
      keywords={keywords}
      onSelect={onSelect}
      className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm aria-selected:bg-accent aria-selected:text-accent-foreground"
    >
      {icon}
      <span className="min-w-0 flex-1 truncate">{children}</span>
    </Command.Item>
  );
}

const GROUP_HEADING =
  'px-1 py-1 text-foreground [&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:py-1.5 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted-foreground';

/**
 * Words, not letters: every word typed must appear in the item's label or keywords ("theme dark",
 * "new group", an asset's name). cmdk's default fuzzy match lets a few letters anywhere match, so
 * "English" would also find "New digital-human task" and could outrank the language item. The
 * whole search found as it is in the label ranks first.
 */
function paletteFilter(value: string, search: string, keywords?: string[]): number {
  const needle = search.trim().toLowerCase();
  if (!needle) return 1;
  const label = value.toLowerCase();
  if (label.includes(needle)) return 1;
  const haystack = `${label} ${(keywords ?? []).join(' ').toLowerCase()}`;
  return needle.split(/\s+/).every((word) => haystack.includes(word)) ? 0.8 : 0;
}

/*
 * Every item's `value` is its visible label (cmdk filters on it, so what a person reads is what
 * they can type); `keywords` add the English words, so `theme dark` works in Chinese too.
 */

/**
 * Ctrl/Cmd-K: jump to a page, find an asset of the current group by name or id, open a task by id
 * or prompt, and run the common actions. Built on cmdk (what shadcn's Command wraps): fuzzy
 * filtering, arrow keys and Enter, and a labelled listbox for screen readers.
 */
export function CommandPalette() {
  const { t } = useTranslation();
  const closed = usePaletteStore((s) => s.closed);
  const opened = usePaletteStore((s) => s.opened);
  const navigate = useNavigate();
  const location = useLocation();
  // Whatever was typed while this code was still loading (see PaletteLoading).
  const [search, setSearch] = useState(() => usePaletteStore.getState().typedEarly);
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Enter pressed while this code was loading runs the best match now, as it would have then.
    if (!usePaletteStore.getState().enterPressedEarly) return;
    usePaletteStore.getState().enterPressedEarlyChanged(false);
    // cmdk picks its selected item after it has filtered (a render later): wait for it, then run it
    // as a click would.
    let frames = 0;
    let handle = 0;
    const runSelected = () => {
      const item = rootRef.current?.querySelector<HTMLElement>('[cmdk-item][aria-selected="true"]');
      if (item) item.click();
      else if (++frames < 30) handle = requestAnimationFrame(runSelected);
    };
    handle = requestAnimationFrame(runSelected);
    return () => cancelAnimationFrame(handle);
  }, []);
  const query = search.trim();

  // The group the person is looking at, else the default group: the API lists one group at a time.
  const group =
    (location.pathname.startsWith('/assets') && new URLSearchParams(location.search).get('group_id')) ||
    DEFAULT_GROUP_ID;
  const assets = useQuery({
    ...assetQueries.list({ group, page: 1, pageSize: 100 }),
    refetchInterval: false,
  });
  const tasks = useTrackedTasks();
  const recentTasks = [...tasks].sort((a, b) => b.createdAt - a.createdAt).slice(0, RECENT_TASKS);

  const run = (action: () => void) => {
    closed();
    action();
  };
  const go = (to: string) => run(() => void navigate(to));
  const groupSearch = group === DEFAULT_GROUP_ID ? '' : `group_id=${encodeURIComponent(group)}`;
  const withGroup = (extra: string) => {
    const search = [groupSearch, extra].filter(Boolean).join('&');
    return search ? `/assets?${search}` : '/assets';
  };

  return (
    <Command.Dialog
      open
      onOpenChange={(open) => {
        if (!open) closed();
      }}
      label={t('palette.label')}
      ref={rootRef}
      filter={paletteFilter}
      shouldFilter
      loop
      overlayClassName="fixed inset-0 z-50 bg-black/50"
      contentClassName="fixed left-1/2 top-[15vh] z-50 w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg"
    >
      <Command.Input
        value={search}
        onValueChange={setSearch}
        placeholder={t('palette.placeholder')}
        aria-label={t('palette.inputLabel')}
        className="w-full border-b bg-transparent px-4 py-3 text-sm outline-none placeholder:text-muted-foreground"
      />
      <Command.List className="max-h-[60vh] overflow-y-auto p-1" aria-label={t('palette.results')}>
        <Command.Empty className="px-4 py-6 text-center text-sm text-muted-foreground">
          {t('palette.empty')}
        </Command.Empty>

        {TASK_ID.test(query) || ASSET_ID.test(query) ? (
          <Command.Group heading={t('palette.openById')} className={GROUP_HEADING} forceMount>
            {TASK_ID.test(query) ? (
              <Item
                value={t('palette.openTask', { id: query })}
                keywords={[query]}
                icon={<ListChecks aria-hidden="true" className="size-4" />}
                onSelect={() => go(`/tasks/${encodeURIComponent(query)}`)}
              >
                {t('palette.openTask', { id: query })}
              </Item>
            ) : (
              <Item
                value={t('palette.openAsset', { id: query })}
                keywords={[query]}
                icon={<FileSearch aria-hidden="true" className="size-4" />}
                onSelect={() =>
                  go(`/assets/${encodeURIComponent(query)}${groupSearch ? `?${groupSearch}` : ''}`)
                }
              >
                {t('palette.openAsset', { id: query })}
              </Item>
            )}
          </Command.Group>
        ) : null}

        <Command.Group heading={t('palette.pages')} className={GROUP_HEADING}>
          {NAV_ITEMS.map(({ to, labelKey, icon: Icon }) => (
            <Item
              key={to}
              value={t('palette.goTo', { page: t(labelKey) })}
              keywords={[to.slice(1)]}
              icon={<Icon aria-hidden="true" className="size-4" />}
              onSelect={() => go(to)}
            >
              {t('palette.goTo', { page: t(labelKey) })}
            </Item>
          ))}
        </Command.Group>

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
                  void navigate(withGroup(''));
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

        {query && assets.data?.data.length ? (
          <Command.Group heading={t('palette.assets')} className={GROUP_HEADING}>
            {assets.data.data.map((asset) => (
              <Item
                key={asset.id}
                value={`asset ${asset.name ?? ''} ${asset.id}`}
                keywords={[asset.id, asset.type ?? '']}
                icon={<FileSearch aria-hidden="true" className="size-4" />}
                onSelect={() =>
                  go(`/assets/${encodeURIComponent(asset.id)}${groupSearch ? `?${groupSearch}` : ''}`)
                }
              >
                {asset.name || asset.id}
                <span className="ml-2 font-mono text-xs text-muted-foreground">{asset.id}</span>
              </Item>
            ))}
          </Command.Group>
        ) : null}

        {query && recentTasks.length ? (
          <Command.Group heading={t('palette.tasks')} className={GROUP_HEADING}>
            {recentTasks.map((task) => (
              <Item
                key={task.id}
                value={`task ${task.prompt ?? ''} ${task.id}`}
                keywords={[task.id, task.model ?? '']}
                icon={<ListChecks aria-hidden="true" className="size-4" />}
                onSelect={() => go(`/tasks/${encodeURIComponent(task.id)}`)}
              >
                {task.prompt || task.id}
                <span className="ml-2 font-mono text-xs text-muted-foreground">{task.id}</span>
              </Item>
            ))}
          </Command.Group>
        ) : null}
      </Command.List>
    </Command.Dialog>
  );
}
