import { useCallback, useMemo, useState } from 'react';
import type { ComposerDraft } from '@/lib/video-draft/draft';
import type { ValidationContext } from '@/lib/video-draft/validation';
import { VariantPreviews } from './variant-previews';
import { VariationsCard } from './variations-card';
import { batchEstimate, variantBodies, variantIssues } from './variants';
import { useVariationsStore } from './variations-store';

/**
 * The composer's mount point for variations: the state, the card to edit them, the preview that
 * replaces the single request's, and the requests to send. Off (null) the composer is unchanged.
 */
export function useVariations(draft: ComposerDraft, context: ValidationContext) {
  const variations = useVariationsStore((s) => s.variations);
  const setVariations = useVariationsStore((s) => s.variationsChanged);
  const bodies = useMemo(() => (variations ? variantBodies(draft, variations) : []), [draft, variations]);
  const issues = useMemo(
    () => (variations ? variantIssues(draft, variations, context) : []),
    [draft, variations, context],
  );
  const estimate = useMemo(() => batchEstimate(bodies), [bodies]);
  // As every other field: a variant's problems show once it is left, or all of them on submit.
  const [submitted, setSubmitted] = useState(false);
  const invalid = issues.map((list) => list.length > 0);
  const ownsField = useCallback(
    (field: string) =>
      variations !== null &&
      (field === variations.param || (variations.param === 'model' && field === 'resolution')),
    [variations],
  );
  return {
    variations,
    bodies,
    issues,
    total: estimate.total,
    /** True while some variant cannot be sent. */
    blocked: invalid.some(Boolean),
    /** Issues of these draft fields belong to the variants and are shown there instead. */
    ownsField,
    /** A submit was tried: every variant's problems show, touched or not. */
    revealIssues: () => setSubmitted(true),
    card: (
      <VariationsCard
        draft={draft}
        variations={variations}
        issues={issues}
        revealed={submitted}
        onChange={setVariations}
      />
    ),
    preview: variations ? (
      <VariantPreviews bodies={bodies} each={estimate.each} invalid={invalid} />
    ) : undefined,
  };
}
