import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnreadableItem } from '@contract/list';

/**
 * A list item the dashboard could not read, in its own place in the list: says so, and shows the
 * raw JSON the server sent so that a person (or support) can see what came back. The rest of the
 * list is unaffected (contract/list-schema.ts).
 */
export function UnreadableItemNotice({
  item,
  summaryProps,
}: {
  item: UnreadableItem;
  /** Focus props of the disclosure (a list's roving Tab stop), when the list manages focus. */
  summaryProps?: ComponentProps<'summary'>;
}) {
  const { t } = useTranslation('common');
  return (
    <div className="min-w-0 text-sm">
      <p className="font-medium text-destructive">{t('unreadable.title')}</p>
      <p className="text-xs text-muted-foreground">{t('unreadable.reason', { reason: item.reason })}</p>
      <details className="mt-1">
        <summary className="cursor-pointer text-xs underline-offset-2 hover:underline" {...summaryProps}>
          {t('unreadable.showRaw')}
        </summary>
        <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-all rounded bg-muted p-2 font-mono text-xs">
          {item.raw}
        </pre>
      </details>
    </div>
  );
}
