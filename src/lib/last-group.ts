import { DEFAULT_GROUP_ID } from '@contract/group';

/*
 * The group the person last worked in (the library's switcher, the composer's picker, a copy's
 * target), per deployment: group ids belong to a key on one server, so another server's id would
 * open on a not-found. Only an id is kept, never the key.
 */
const STORAGE_KEY = 'media-studio.last-group';
const MAX_ENTRIES = 20;
const GROUP_ID = /^[\w-]{1,128}$/;

function read(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, string>)
      : {};
  } catch {
    return {};
  }
}

export function lastGroup(baseUrl: string): string {
  const value = read()[baseUrl];
  return typeof value === 'string' && GROUP_ID.test(value) ? value : DEFAULT_GROUP_ID;
}

export function rememberGroup(baseUrl: string, groupId: string): void {
  if (!GROUP_ID.test(groupId)) return;
  try {
    const entries = Object.entries(read()).filter(([url]) => url !== baseUrl);
    // The newest last, the oldest dropped: bounded however many servers a person tries.
    const next = Object.fromEntries([...entries.slice(-(MAX_ENTRIES - 1)), [baseUrl, groupId]]);
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // Storage full or denied: the picker opens on the default group, as before.
  }
}
