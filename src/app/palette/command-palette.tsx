import { Command } from 'cmdk';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { NAV_ITEMS } from '@/app/app-nav';
import { useTranslation } from '@/lib/i18n';
import { PaletteActions } from './palette-actions';
import { PaletteStoryboards } from './palette-storyboards';
import { PaletteTemplates } from './palette-templates';
import { GROUP_HEADING, Item, paletteFilter } from './palette-item';
import { FoundItems, OpenById } from './palette-results';
import { usePaletteStore } from './palette-store';

function focusAtEnd(input: HTMLInputElement | null) {
  if (!input || input === document.activeElement) return;
  input.focus();
  input.setSelectionRange(input.value.length, input.value.length);
}

/**
 * Ctrl/Cmd-K: jump to a page, find an asset of the current group by name or id, open a task by id
 * or prompt, and run the common actions. Built on cmdk (what shadcn's Command wraps): fuzzy
 * filtering, arrow keys and Enter, and a labelled listbox for screen readers.
 */
export function CommandPalette() {
  const { t } = useTranslation('palette');
  const closed = usePaletteStore((s) => s.closed);
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
        // Focused as it attaches, in the same task that removed the stand-in box (PaletteLoading),
        // with the caret after what was typed there. Radix's own focus comes in a later effect and
        // selects the text: keys pressed in between went nowhere, and the next one replaced the
        // selection ("sett" + "ings" searched "ings"). Focus already inside, Radix leaves it.
        ref={focusAtEnd}
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

        <OpenById query={query} groupSearch={groupSearch} go={go} />

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

        <PaletteActions run={run} go={go} withGroup={withGroup} navigate={(to) => void navigate(to)} />
        <PaletteStoryboards go={go} />
        <PaletteTemplates go={go} />

        {/* Mounted while the search is empty too: the group's assets load as the palette opens. */}
        <FoundItems query={query} group={group} groupSearch={groupSearch} go={go} />
      </Command.List>
    </Command.Dialog>
  );
}
