/**
 * The built-in public avatars of the local server (decision 293): the specification's digital-human
 * flow starts with "obtain a public resource id or upload own avatar". Each id is accepted as
 * `avatar_asset_id` on POST /v1/tasks by every key; GET /v1/public-resources lists them.
 */
export const PUBLIC_AVATARS = [
  { id: 'public_avatar_studio', name: 'Studio presenter', prompt: 'Studio presenter' },
  { id: 'public_avatar_outdoor', name: 'Outdoor guide', prompt: 'Outdoor guide' },
  { id: 'public_avatar_news', name: 'News anchor', prompt: 'News anchor' },
] as const;

export type PublicAvatarId = (typeof PUBLIC_AVATARS)[number]['id'];

/** The public avatar `value` names (its id, or `Asset://` with its id), if any. */
export function publicAvatarOf(value: string): (typeof PUBLIC_AVATARS)[number] | undefined {
  const text = value.trim().replace(/^Asset:\/\//, '');
  return PUBLIC_AVATARS.find((a) => a.id === text);
}
