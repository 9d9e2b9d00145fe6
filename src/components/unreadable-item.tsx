import { Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import type { UnreadableItem } from '@contract/list';
import { DialogFallback } from '@/components/ui/dialog-fallback';
import { lazyWithPreload } from '@/components/ui/lazy-with-preload';
import { useTranslation } from '@/lib/i18n';

// Radix Dialog only when a compact notice is opened: the library's first paint renders these
// notices but must not wait for the dialog's code (decision 200).
const RawItemDialog = lazyWithPreload(() => import('./unreadable-item-dialog').then((m) => m.RawItemDialog));

/**
 * A list item the dashboard could not read, in its own place in the list: says so, and shows the
 * raw JSON the server sent so that a person (or support) can see what came back. The rest of the
 * list is unaffected (contract/list-schema.ts). `compact` (a table row of fixed height) opens the
 * raw JSON in a dialog instead of below the notice.
 */
export function UnreadableItemNotice({
  item,
  triggerProps,
  compact = false,
}: {
  item: UnreadableItem;
  /** Focus props of the control (a list's roving Tab stop), when the list manages focus. */
  triggerProps?: ComponentProps<'button'> & ComponentProps<'summary'>;
  compact?: boolean;
}) {
  const { t } = useTranslation('common');
  const raw = (
    <pre className="mt-1 max-h-60 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2 font-mono text-xs">
      {item.raw}
    </pre>
  );
  if (compact) return <CompactNotice item={item} raw={raw} triggerProps={triggerProps} />;
  return (
    <div className="min-w-0 text-sm">
      <p className="font-medium text-destructive">{t('unreadable.title')}</p>
      <p className="text-xs text-muted-foreground">{t('unreadable.reason', { reason: item.reason })}</p>
      <details className="mt-1">
        <summary className="cursor-pointer text-xs underline-offset-2 hover:underline" {...triggerProps}>
          {t('unreadable.showRaw')}
        </summary>
        {raw}
      </details>
    </div>
  );
}

function CompactNotice({
  item,
  raw,
  triggerProps,
}: {
  item: UnreadableItem;
  raw: ReactNode;
  triggerProps?: ComponentProps<'button'>;
}) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so that closing plays the dialog's exit as before.
  const [opened, setOpened] = useState(false);
  return (
    <div className="flex min-w-0 items-center gap-3 text-sm">
      <span className="shrink-0 font-medium text-destructive">{t('unreadable.title')}</span>
      <button
        type="button"
        className="shrink-0 text-xs underline underline-offset-2"
        onPointerEnter={RawItemDialog.preload}
        {...triggerProps}
        onClick={() => {
          setOpen(true);
          setOpened(true);
        }}
      >
        {t('unreadable.showRaw')}
      </button>
      {opened && (
        <Suspense fallback={open ? <DialogFallback label={t('unreadable.title')} /> : null}>
          <RawItemDialog item={item} raw={raw} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </div>
  );
}
