import { VIDEO_MODEL_IDS, VIDEO_RESOLUTIONS } from '@contract/models';
import { estimateVideoTokens } from '@contract/usage';
import type { CreateVideo } from '@contract/video';
import { draftToRequest, type ComposerDraft } from '@/lib/video-draft/draft';
import {
  validateDraft,
  type DraftIssue,
  type FieldKey,
  type ValidationContext,
} from '@/lib/video-draft/validation';

/** The parameters a batch of variations may differ in: one at a time, so a comparison is fair. */
export const VARIED_PARAMS = ['model', 'duration', 'resolution', 'ratio', 'prompt'] as const;
export type VariedParam = (typeof VARIED_PARAMS)[number];

export const MIN_VARIANTS = 2;
export const MAX_VARIANTS = 4;

export interface Variations {
  param: VariedParam;
  /** One value per variant, as typed (text, like the draft's own fields). */
  values: string[];
}

const RATIO_CHOICES = ['16:9', '9:16', '1:1', '4:3'] as const;

/** The draft's own value of a parameter, which the first variant starts from. */
export function draftValue(draft: ComposerDraft, param: VariedParam): string {
  return draft[param];
}

/**
 * Two values to start from: the draft's own and the next choice that differs from it (for the
 * prompt, an empty second variant to type into).
 */
export function startingValues(draft: ComposerDraft, param: VariedParam): string[] {
  const own = draftValue(draft, param);
  const choices: readonly string[] =
    param === 'model'
      ? VIDEO_MODEL_IDS
      : param === 'resolution'
        ? VIDEO_RESOLUTIONS
        : param === 'ratio'
          ? RATIO_CHOICES
          : param === 'duration'
            ? ['5', '10']
            : [''];
  const other = choices.find((c) => c !== own) ?? '';
  return [own, other];
}

/** The draft of each variant: the composer's draft with the varied parameter replaced. */
export function variantDrafts(draft: ComposerDraft, variations: Variations): ComposerDraft[] {
  return variations.values.map((value) => ({ ...draft, [variations.param]: value }));
}

/** The exact POST /v1/videos body of each variant, as the request preview shows it. */
export function variantBodies(draft: ComposerDraft, variations: Variations): CreateVideo[] {
  return variantDrafts(draft, variations).map(draftToRequest);
}

/** Fields whose issues belong to one variant rather than to the shared form. */
function variantFields(param: VariedParam): ReadonlySet<FieldKey> {
  // A model without 1080p makes the (shared) resolution invalid for that variant only.
  return new Set<FieldKey>(param === 'model' ? ['model', 'resolution'] : [param]);
}

/**
 * A reference's issues that follow the model (readiness is per model, Asset states rule 1): a
 * reference prepared for one model sends variant 2 of a model sweep to a 400 after variant 1 was
 * made and billed, so they are each variant's own, and stop the whole batch before any is sent.
 */
const MODEL_BOUND_REFERENCE = new Set(['assetOtherModel', 'assetPreparing']);

/**
 * What is wrong with each variant that the shared form does not already show: the varied field's
 * own issues (a duration out of range), the combinations it makes (1080p on a model that does not
 * offer it), and a value repeated from an earlier variant (two identical tasks compare nothing).
 */
export function variantIssues(
  draft: ComposerDraft,
  variations: Variations,
  context: ValidationContext = {},
): DraftIssue[][] {
  const fields = variantFields(variations.param);
  const seen = new Map<string, number>();
  return variantDrafts(draft, variations).map((variant, index) => {
    const issues = validateDraft(variant, context).filter(
      (i) =>
        i.severity === 'error' &&
        (fields.has(i.field) || (variations.param === 'model' && MODEL_BOUND_REFERENCE.has(i.code))),
    );
    const key = variations.values[index]!.trim();
    const first = seen.get(key);
    if (first !== undefined)
      issues.push({
        field: variations.param,
        code: 'variantDuplicate',
        values: { n: first + 1 },
        severity: 'error',
      });
    else seen.set(key, index);
    return issues;
  });
}

/**
 * The local server's usage.total_tokens for the whole batch, and for each variant; the total is
 * undefined while any variant has no estimate (an invalid duration or resolution).
 */
export function batchEstimate(bodies: readonly CreateVideo[]): {
  each: (number | undefined)[];
  total: number | undefined;
} {
  const each = bodies.map((b) => estimateVideoTokens(b));
  const total = each.every((n) => n !== undefined) ? each.reduce<number>((a, n) => a + n!, 0) : undefined;
  return { each, total };
}

/** A batch id for the registry: groups the created tasks in the monitor. */
export function newBatchId(): string {
  return `batch-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}
