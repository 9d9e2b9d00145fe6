import type { ComposerDraft } from '@/lib/video-draft/draft';
import type { FieldFeedback } from '@/lib/form/issues';
import type { FieldKey } from '@/lib/video-draft/validation';

export interface SettingsProps {
  draft: ComposerDraft;
  fieldId: (field: string) => string;
  feedback: (field: FieldKey) => FieldFeedback | undefined;
  onChange: (change: Partial<ComposerDraft>) => void;
}

/** A radio drawn as a card (model, ratio, resolution): the whole card is the click target. */
const CARD_BOX =
  'flex cursor-pointer rounded-md border bg-background px-3 py-2 text-sm transition-colors hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50';
/** A one-line option card (ratio, resolution). */
export const CARD = `${CARD_BOX} items-center gap-3`;
/** An option card with stacked lines (the model cards). */
export const STACKED_CARD = `${CARD_BOX} flex-col items-start gap-1`;
