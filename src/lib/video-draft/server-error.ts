import { parseAssetReference } from '@contract/asset';
import type { ComposerDraft } from './draft';
import { refField, type FieldKey, type TopField } from './validation';

/** Body fields the composer sends, by the name the API gives them in `param`. */
const TOP_FIELDS: Record<string, TopField> = {
  model: 'model',
  prompt: 'prompt',
  duration: 'duration',
  ratio: 'ratio',
  aspect_ratio: 'ratio',
  resolution: 'resolution',
  callback_url: 'callbackUrl',
  references: 'references',
};

const REFERENCE_PARAM = /^references\[(\d+)\](?:\.([A-Za-z_]+))?/;

/**
 * The form field a server refusal's `param` names: `references[2].alias` is the alias input of the
 * third reference row (the body lists the rows in order, see draftToRequest), `callback_url` the
 * callback field. Undefined when the param names nothing the form shows; the page then keeps the
 * refusal beside the submit button, where it is shown in full anyway.
 */
export function fieldOfParam(param: string | undefined, draft: ComposerDraft): FieldKey | undefined {
  if (!param) return undefined;
  const trimmed = param.trim();
  const ref = REFERENCE_PARAM.exec(trimmed);
  if (ref) {
    const row = draft.references[Number(ref[1])];
    if (!row) return 'references';
    const part = ref[2];
    if (part === 'alias') return refField(row.key, 'alias');
    if (part === 'role' || part === 'media_type') return refField(row.key, 'role');
    return refField(row.key, 'url');
  }
  return TOP_FIELDS[trimmed.split(/[.[]/)[0]!];
}

/** The value a field holds in a draft, to tell whether the person changed it since a refusal. */
export function fieldValue(draft: ComposerDraft, field: FieldKey): unknown {
  const ref = /^ref:(.+):(url|alias|role)$/.exec(field);
  if (ref) {
    const row = draft.references.find((r) => r.key === ref[1]);
    return row ? row[ref[2] as 'url' | 'alias' | 'role'] : undefined;
  }
  if (field === 'references') return draft.references;
  return draft[field as Exclude<FieldKey, 'references' | `ref:${string}`>];
}

/**
 * A 400 that names no param, on a draft using a library asset whose model no one knows (the
 * deployment's asset record does not say, this browser did not register it): the reference it
 * most likely refused, so its message shows there with the offer to prepare the asset for this
 * model. The asset its message names, else the only such reference; undefined when it cannot tell.
 */
export function refusedAssetField(
  draft: ComposerDraft,
  refusal: { status: number; message: string },
): FieldKey | undefined {
  if (refusal.status !== 400) return undefined;
  const unknown = draft.references.filter((r) => {
    const id = parseAssetReference(r.url.trim());
    return id !== undefined && r.asset?.id === id && !r.asset.model;
  });
  const named = unknown.find((r) => refusal.message.includes(r.asset!.id));
  const ref = named ?? (unknown.length === 1 ? unknown[0] : undefined);
  return ref ? refField(ref.key, 'url') : undefined;
}
