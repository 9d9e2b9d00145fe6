import type { ComposerDraft } from '../draft';
import type { FieldFeedback } from '@/lib/form/issues';
import type { FieldKey } from '../validation';

export interface SettingsProps {
  draft: ComposerDraft;
  fieldId: (field: string) => string;
  feedback: (field: FieldKey) => FieldFeedback | undefined;
  onChange: (change: Partial<ComposerDraft>) => void;
}

/** A radio drawn as a card (model, ratio, resolution): the whole card is the click target. */
export const CARD =
  'flex cursor-pointer items-center gap-3 rounded-md border bg-background px-3 py-2 text-sm transition-colors hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50';
