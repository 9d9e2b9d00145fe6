import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isGenerationReady, parseAssetReference } from '@contract/asset';
import { DEFAULT_GROUP_ID } from '@contract/group';
import { assetLookupQuery } from '@/api/asset-lookup';
import { assetQueries } from '@/api/assets';
import { useBaseUrl } from '@/api/connection-store';
import { useComposerDraftStore } from '../composer-draft-store';
import type { ReferenceDraft } from '@/lib/video-draft/draft';
import { pickedAssetFields } from '@/components/library-picker/picked-asset';

/** While an id is being typed, it is looked up once the typing pauses, not at every keystroke. */
const TYPING_PAUSE_MS = 400;

/** The asset ids of references that name one the draft knows nothing about yet. */
function unknownAssetIds(references: readonly ReferenceDraft[]): string[] {
  const ids = new Set<string>();
  for (const ref of references) {
    const id = parseAssetReference(ref.url.trim());
    if (id && ref.asset?.id !== id) ids.add(id);
  }
  return [...ids].sort();
}

/**
 * References that name an asset only by `Asset://` id (loaded for "edit and re-run", or pasted)
 * are looked up as if picked: their name, type, model and preview go into the draft, so the row
 * shows them and validation flags every model mismatch before anything is sent. Returns the ids
 * no group holds, which validation reports.
 */
export function useReferenceAssets(references: readonly ReferenceDraft[]): ReadonlySet<string> {
  const queryClient = useQueryClient();
  const baseUrl = useBaseUrl();
  const wantedKey = unknownAssetIds(references).join(' ');
  const [settledKey, setSettledKey] = useState(wantedKey);
  useEffect(() => {
    const timer = setTimeout(() => setSettledKey(wantedKey), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [wantedKey]);
  const ids = settledKey ? settledKey.split(' ') : [];
  const results = useQueries({
    queries: ids.map((id) => assetLookupQuery(queryClient, baseUrl, id)),
  });

  const found = results.map((r, i) => (r.data ? `${ids[i]}@${r.dataUpdatedAt}` : '')).join(' ');
  useEffect(() => {
    const { draft, referenceChanged } = useComposerDraftStore.getState();
    results.forEach((result, i) => {
      const asset = result.data;
      if (!asset) return;
      for (const ref of draft.references) {
        if (parseAssetReference(ref.url.trim()) === ids[i] && ref.asset?.id !== ids[i])
          referenceChanged(ref.key, pickedAssetFields(asset));
      }
    });
    // `found` names every lookup that answered; results and ids are read from the same render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found]);

  usePreparingAssets(references);

  const missing = new Set<string>();
  results.forEach((r, i) => {
    if (r.data === null) missing.add(ids[i]!);
  });
  return missing;
}

/**
 * Assets of the draft still being prepared (a copy the picker made for this model) are re-queried
 * by their id with the readiness backoff until they settle; the row then holds what they became.
 */
function usePreparingAssets(references: readonly ReferenceDraft[]) {
  const preparing = [
    ...new Map(
      references.filter((r) => r.asset && r.asset.ready === false).map((r) => [r.asset!.id, r.asset!]),
    ).values(),
  ];
  const results = useQueries({
    queries: preparing.map((a) => assetQueries.detail(a.id, a.groupId ?? DEFAULT_GROUP_ID)),
  });
  const settled = results
    .map((r, i) => (r.data && isGenerationReady(r.data) ? preparing[i]!.id : ''))
    .filter(Boolean)
    .join(' ');
  useEffect(() => {
    if (!settled) return;
    const { draft, referenceChanged } = useComposerDraftStore.getState();
    results.forEach((result) => {
      const asset = result.data;
      if (!asset || !isGenerationReady(asset)) return;
      for (const ref of draft.references)
        if (ref.asset?.id === asset.id && ref.asset.ready === false)
          referenceChanged(ref.key, pickedAssetFields(asset));
    });
    // `settled` names every asset that became ready; results are read from the same render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
}
