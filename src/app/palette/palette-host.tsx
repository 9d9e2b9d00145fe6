import { Command as CommandIcon } from 'lucide-react';
import { useEffect, type ComponentType } from 'react';
import { retryableImport } from '@/lib/chunk-retry';
import { prefetchWhenIdle } from '@/app/page-prefetch';
import { ShellPart } from '@/app/shell-part';
import { Button } from '@/components/ui/button';
import { useTranslation, withNamespaces } from '@/lib/i18n';
import { isMac } from '@/lib/platform';
import { handleGlobalKey, usePaletteStore } from './palette-store';

// Both overlays are fetched on first use: they are not part of the first load. They sit in the
// header, outside the page's error boundary: as shell parts (shell-part.tsx), code that fails to
// arrive (opened while offline) leaves the overlay out instead of unmounting the whole app, and a
// retry asks for it under a fresh URL (chunk-retry.ts). Their strings (the `palette` namespace, but
// for the button's and the stand-in box's, which are common) come with the code.
const loadPalette = withNamespaces(
  retryableImport(() => import('./command-palette')),
  ['palette'],
);
prefetchWhenIdle(loadPalette);
const loadCommandPalette = () => loadPalette().then((m) => m.CommandPalette);
const shortcutLabel = () => (isMac() ? '⌘K' : 'Ctrl K');
const shortcutsChunk = withNamespaces(
  retryableImport(() => import('./shortcuts-dialog')),
  ['palette'],
);
async function loadShortcuts(): Promise<ComponentType> {
  const { ShortcutsDialog } = await shortcutsChunk();
  return function Shortcuts() {
    return <ShortcutsDialog shortcut={shortcutLabel()} />;
  };
}

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
  const shortcut = shortcutLabel();
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
      {open === 'palette' ? <ShellPart load={loadCommandPalette} fallback={<PaletteLoading />} /> : null}
      {open === 'shortcuts' ? <ShellPart load={loadShortcuts} /> : null}
    </>
  );
}
