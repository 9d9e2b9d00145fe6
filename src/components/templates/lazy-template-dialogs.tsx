import { lazy } from 'react';
import { retryableImport } from '@/lib/chunk-retry';
import { withNamespaces } from '@/lib/i18n';
import type { TemplateDialogProps } from './template-dialog';

type SaveProps = Omit<Extract<TemplateDialogProps, { mode: 'save' }>, 'mode'>;

/**
 * The prompt library's dialogs for any form (composer, digital human, music, storyboard shots),
 * fetched with their strings and the template store when first opened: a form that never uses a
 * template never loads them. Render inside a Suspense.
 */
export const LazySaveTemplateDialog = lazy(() =>
  withNamespaces(
    retryableImport(() => import('./template-dialog')),
    ['templates'],
  )().then(({ TemplateDialog }) => ({
    default: function SaveTemplateDialog(props: SaveProps) {
      return <TemplateDialog mode="save" {...props} />;
    },
  })),
);

export const LazyInsertTemplateDialog = lazy(() =>
  withNamespaces(
    retryableImport(() => import('./insert-template-dialog')),
    ['templates'],
  )().then((m) => ({ default: m.InsertTemplateDialog })),
);
