import { createDraftStore } from '@/lib/form/draft-storage';

export const REGISTER_PRESETS = [
  'reference_image',
  'reference_video',
  'digital_human_avatar',
  'digital_human_voice',
  'digital_human_authorization',
] as const;
export type RegisterPreset = (typeof REGISTER_PRESETS)[number];

export interface RegisterDraft {
  preset: RegisterPreset | '';
  url: string;
  model: string;
  mode: string;
  type: string;
  purpose: string;
  role: string;
  group_id: string;
  name: string;
}

/**
 * What each preset fills in. Every preset uses `mode=asset`: for the video line an asset is created
 * in reference-only mode (spec, POST /v1/assets/uploads rule 1). The reference video preset carries
 * type, purpose and role all as the specification requires (rule 2).
 */
const PRESET_FIELDS: Record<RegisterPreset, Pick<RegisterDraft, 'type' | 'purpose' | 'role' | 'mode'>> = {
  reference_image: { type: 'image', purpose: 'reference_image', role: 'reference_image', mode: 'asset' },
  reference_video: { type: 'video', purpose: 'reference_video', role: 'reference_video', mode: 'asset' },
  digital_human_avatar: { type: 'image', purpose: 'digital_human_avatar', role: '', mode: 'asset' },
  digital_human_voice: { type: 'audio', purpose: 'digital_human_voice', role: '', mode: 'asset' },
  // An authorization is usually a recording of the person consenting to their digital human.
  digital_human_authorization: {
    type: 'video',
    purpose: 'digital_human_authorization',
    role: '',
    mode: 'asset',
  },
};

/** The change a preset makes to the draft: itself, and the fields it fills in. */
export function presetChange(preset: RegisterPreset | ''): Partial<RegisterDraft> {
  return { preset, ...(preset ? PRESET_FIELDS[preset] : {}) };
}

export const EMPTY_DRAFT: RegisterDraft = {
  preset: '',
  url: '',
  model: '',
  mode: 'asset',
  type: '',
  purpose: '',
  role: '',
  group_id: '',
  name: '',
};

/** The register-by-URL form's draft, kept per tab so that a reload never loses what was typed. */
export const useRegisterDraft = createDraftStore('media-studio:asset-register-draft', EMPTY_DRAFT);
