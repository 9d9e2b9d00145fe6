import { lazy } from 'react';
import { retryableImport } from '@/lib/chunk-retry';
import { withNamespaces } from '@/lib/i18n';

/**
 * The prompt library's dialogs for any form (composer, digital human, music, storyboard shots),
 * fetched with their strings and the template store when first opened: a form that never uses a
 * template never loads them. Render inside a Suspense.
 */
export const LazySaveTemplateDialog = lazy(() =>
  withNamespaces(
    retryableImport(() => import('./save-template-dialog')),
    ['templates'],
  )().then((m) => ({ default: m.SaveTemplateDialog })),
);

export const LazyInsertTemplateDialog = lazy(() =>
  withNamespaces(
    retryableImport(() => import('./insert-template-dialog')),
    ['templates'],
  )().then((m) => ({ default: m.InsertTemplateDialog })),
);
