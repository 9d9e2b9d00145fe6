import { lazyWithPreload } from '@/components/ui/lazy-with-preload';
import { withNamespaces } from '@/lib/i18n';

// The register dialog (with full zod for its form check) and the detail sheet (with Radix Dialog)
// are their own chunks: the library's first render needs neither. Each is fetched when the person
// shows intent (hovers or focuses what opens it), or when a deep link opens it; their strings are
// their own namespaces too (not preloaded with the library), fetched with the code.
export const RegisterAssetDialog = lazyWithPreload(
  withNamespaces(
    () => import('./register/register-asset-dialog').then((m) => m.RegisterAssetDialog),
    ['asset-register'],
  ),
);
export const AssetDetailSheet = lazyWithPreload(
  withNamespaces(() => import('./asset-detail-sheet').then((m) => m.AssetDetailSheet), ['asset-detail']),
);

// The bulk actions appear once something is selected (a click), so they wait for it. What they
// load lazily in turn (Copy to group's dialog) they declare themselves: a part that imported this
// file back would be an import circle.
export const SelectionActions = lazyWithPreload(() =>
  import('./library/selection-actions').then((m) => m.SelectionActions),
);
