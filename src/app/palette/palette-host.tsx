import { Command as CommandIcon } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { prefetchWhenIdle } from '@/app/page-prefetch';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';
import { isMac } from '@/lib/platform';
import { handleGlobalKey, usePaletteStore } from './palette-store';

// Both overlays are fetched on first use: they are not part of the first load.
const loadPalette = () => import('./command-palette');
prefetchWhenIdle(loadPalette);
const CommandPalette = lazy(() => loadPalette().then((m) => ({ default: m.CommandPalette })));
const ShortcutsDialog = lazy(() =>
  import('./shortcuts-dialog').then((m) => ({ default: m.ShortcutsDialog })),
);

/**
 * Stands in for the palette while its code loads (first use on a slow link): the same box, already
 * focused, so that nothing typed right after Ctrl+K is lost; the palette starts from that text.
 */
function PaletteLoading() {
  const { t } = useTranslation();
  const typedEarly = usePaletteStore((s) => s.typedEarly);
  const typedEarlyChanged = usePaletteStore((s) => s.typedEarlyChanged);
  const closed = usePaletteStore((s) => s.closed);
  return (
    <div className="fixed inset-0 z-50 bg-black/50">
      <div
        role="dialog"
        aria-modal="true"
        aria-label={t('palette.label')}
        className="fixed left-1/2 top-[15vh] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg"
      >
        <input
          // The palette was just asked for: this box is where the typing goes.
          // eslint-disable-next-line jsx-a11y/no-autofocus
          autoFocus
          value={typedEarly}
          onChange={(e) => typedEarlyChanged(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape') closed();
            if (e.key === 'Enter') usePaletteStore.getState().enterPressedEarlyChanged(true);
          }}
          placeholder={t('palette.placeholder')}
          aria-label={t('palette.inputLabel')}
          className="w-full bg-transparent px-4 py-3 text-sm outline-none placeholder:text-muted-foreground"
        />
      </div>
    </div>
  );
}

/** Installs the global shortcuts and renders the overlays once opened; the header button opens the palette. */
export function PaletteHost() {
  const { t } = useTranslation();
  const open = usePaletteStore((s) => s.open);
  const opened = usePaletteStore((s) => s.opened);
  useEffect(() => {
    window.addEventListener('keydown', handleGlobalKey);
    return () => window.removeEventListener('keydown', handleGlobalKey);
  }, []);
  const shortcut = isMac() ? '⌘K' : 'Ctrl K';
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        className="gap-2 text-muted-foreground"
        aria-keyshortcuts={isMac() ? 'Meta+K' : 'Control+K'}
        onPointerEnter={() => void loadPalette()}
        onFocus={() => void loadPalette()}
        onClick={() => opened('palette')}
      >
        <CommandIcon aria-hidden="true" className="size-4" />
        <span className="max-sm:sr-only">{t('palette.open')}</span>
        <kbd className="rounded border max-sm:hidden bg-muted px-1.5 font-mono text-[11px] text-foreground">
          {shortcut}
        </kbd>
      </Button>
      {open === 'palette' ? (
        <Suspense fallback={<PaletteLoading />}>
          <CommandPalette />
        </Suspense>
      ) : null}
      {open === 'shortcuts' ? (
        <Suspense fallback={null}>
          <ShortcutsDialog shortcut={shortcut} />
        </Suspense>
      ) : null}
    </>
  );
}
