import { lazyWithPreload } from '@/components/ui/lazy-with-preload';
import { withNamespaces } from '@/lib/i18n';

/**
 * The library picker, loaded when first opened. It speaks the composer's words (picker.*) wherever
 * it opens (the storyboard too), and its rows say why an asset cannot be picked yet in words of their
 * own (readiness-words.ts): both arrive with it.
 */
export const AssetPickerDialog = lazyWithPreload(
  withNamespaces(
    () => import('./asset-picker-dialog').then((m) => m.AssetPickerDialog),
    ['composer', 'readiness-reasons'],
  ),
);
