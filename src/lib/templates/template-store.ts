import { createStore, del, get, set, values, type UseStore } from 'idb-keyval';
import { useEffect } from 'react';
import { create } from 'zustand';
import {
  latestVersion,
  mergeTemplate,
  modelOf,
  parseTemplate,
  variablesFor,
  type Template,
  type TemplateDraft,
} from './template-model';
import { templatesInFile, withTemplates } from './template-file';
import { randomUuid } from '@/lib/random-uuid';

/**
 * The prompt library, kept in this browser: one IndexedDB record per template (idb-keyval, as the
 * task registry and the storyboards keep theirs), all its versions inside (a template is a few
 * kilobytes). Under src/lib so that the composer, the templates page, the batches page and the
 * palette share it; nothing here runs until a page asks, so the first load does not carry it.
 */
const DB_NAME = 'media-studio-templates';
const STORE_NAME = 'templates';
let idb: UseStore | undefined;
let memory: Map<string, Template> | undefined;

/** Private windows of some browsers have no IndexedDB: the library then lasts the visit. */
function backend() {
  if (!memory && !idb) {
    try {
      if (typeof indexedDB !== 'undefined' && indexedDB) idb = createStore(DB_NAME, STORE_NAME);
    } catch {
      // Accessing indexedDB throws in some sandboxed contexts.
    }
    if (!idb) memory = new Map();
  }
  return {
    all: async () => (memory ? [...memory.values()] : await values<unknown>(idb!)),
    one: async (id: string) => (memory ? memory.get(id) : await get<unknown>(id, idb!)),
    put: async (t: Template) => void (memory ? memory.set(t.id, t) : await set(t.id, t, idb!)),
    remove: async (id: string) => void (memory ? memory.delete(id) : await del(id, idb!)),
  };
}

// Another tab's save shows here too.
const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(DB_NAME);
channel?.addEventListener('message', () => void refresh());

const byName = (a: Template, b: Template) => a.name.localeCompare(b.name);

/** Every kept template, by name. Records that are not templates (a damaged write) are skipped. */
export async function listTemplates(): Promise<Template[]> {
  const all = (await backend().all()).map(parseTemplate).filter((t): t is Template => !!t);
  return all.sort(byName);
}

export async function getTemplate(id: string): Promise<Template | undefined> {
  return parseTemplate(await backend().one(id));
}

async function changed(template: Template): Promise<Template> {
  await backend().put(template);
  await refresh();
  channel?.postMessage('changed');
  return template;
}

const newId = () => `tpl_${randomUuid().replaceAll('-', '').slice(0, 16)}`;

/**
 * Every save is a version: without an id a new template (version 1), with one the next version of
 * it. The variables are the ones the request names, each with the default given for it.
 */
export async function saveTemplate(draft: TemplateDraft): Promise<Template> {
  const kept = draft.id ? await getTemplate(draft.id) : undefined;
  if (draft.id && !kept) throw new Error(`No template ${draft.id} is kept in this browser.`);
  const version = {
    version: kept ? latestVersion(kept).version + 1 : 1,
    savedAt: new Date().toISOString(),
    request: draft.request,
    variables: variablesFor(draft.request, draft.variables),
  };
  return changed({
    id: kept?.id ?? newId(),
    name: draft.name.trim(),
    tags: draft.tags,
    model: draft.model || modelOf(draft.request),
    kind: draft.kind,
    versions: [...(kept?.versions ?? []), version],
  });
}

/** An old version made the newest again, as a new version: what came after it stays in the history. */
export async function restoreVersion(id: string, version: number): Promise<Template> {
  const kept = await getTemplate(id);
  const old = kept?.versions.find((v) => v.version === version);
  if (!kept || !old) throw new Error(`Template ${id} has no version ${version}.`);
  return saveTemplate({ ...kept, request: old.request, variables: old.variables });
}

export async function deleteTemplate(id: string): Promise<void> {
  await backend().remove(id);
  await refresh();
  channel?.postMessage('changed');
}

/** Templates from a file: new ids are added, known ones gain the versions they lack. */
export async function importTemplates(
  incoming: readonly Template[],
): Promise<{ added: number; versions: number }> {
  let added = 0;
  let versions = 0;
  for (const template of incoming) {
    const kept = await getTemplate(template.id);
    if (!kept) {
      await backend().put(template);
      added += 1;
      continue;
    }
    const merged = mergeTemplate(kept, template);
    if (merged.added > 0) await backend().put(merged.template);
    versions += merged.added;
  }
  if (added + versions > 0) {
    await refresh();
    channel?.postMessage('changed');
  }
  return { added, versions };
}

/** A task registry export with the whole library added as its `templates` section (template-file.ts). */
export async function exportWithTemplates(registryJson: string): Promise<string> {
  return withTemplates(registryJson, await listTemplates().catch(() => []));
}

/**
 * The templates a file carries (a registry export, a shared template, the library's own export),
 * added or merged: the one way a file comes into the library. A file with none (an export from
 * before templates) adds nothing; one that is not JSON or too new to read throws TemplateFileError.
 */
export async function importTemplatesFromFile(
  text: string,
): Promise<{ added: number; versions: number; invalid: number }> {
  const { templates, invalid } = templatesInFile(text);
  if (templates.length === 0) return { added: 0, versions: 0, invalid };
  return { ...(await importTemplates(templates)), invalid };
}

interface TemplatesState {
  templates: Template[];
  loaded: boolean;
}

const useTemplatesStore = create<TemplatesState>()(() => ({ templates: [], loaded: false }));
let loading: Promise<void> | undefined;

async function refresh(): Promise<void> {
  const templates = await listTemplates().catch(() => [] as Template[]);
  useTemplatesStore.setState({ templates, loaded: true });
}

function useLoad() {
  useEffect(() => {
    loading ??= refresh();
  }, []);
}

/** Every kept template, by name, kept current as any page or tab saves (empty until read). */
export function useTemplates(): Template[] {
  useLoad();
  return useTemplatesStore((s) => s.templates);
}

/** Whether the first read has answered: an empty library and one not read yet look alike otherwise. */
export function useTemplatesLoaded(): boolean {
  useLoad();
  return useTemplatesStore((s) => s.loaded);
}
