import { isRecord } from '@contract/is-record';
import { variablesInRequest, type TemplateVariable } from './variables';

/**
 * A kept request (issue 45): the whole body of a composer, digital-human, music or storyboard-shot
 * request, its `{{variables}}` with a default each, and every version it has been saved as. Pure
 * data and checks; the keeping is template-store.ts.
 */
export const TEMPLATE_KINDS = ['video', 'digital-human', 'music', 'storyboard-shot'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

export interface TemplateVersion {
  /** 1, 2, 3…: every save adds one, a restore too (the history is never rewritten). */
  version: number;
  /** ISO time of the save. */
  savedAt: string;
  request: Record<string, unknown>;
  variables: TemplateVariable[];
}

export interface Template {
  id: string;
  name: string;
  tags: string[];
  /** The model the template was made for (its latest version's). */
  model: string;
  kind: TemplateKind;
  /** Oldest first; never empty. */
  versions: TemplateVersion[];
}

/** What a save gives: a new template without `id`, a new version of one with it. */
export interface TemplateDraft {
  id?: string;
  name: string;
  tags: string[];
  model: string;
  kind: TemplateKind;
  request: Record<string, unknown>;
  variables: TemplateVariable[];
}

export const latestVersion = (template: Template): TemplateVersion =>
  template.versions[template.versions.length - 1]!;

/** Tags as typed in one box: split on commas, trimmed, each once, empty ones dropped. */
export function parseTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * The variables a request names, each with the default given for it (or none): a variable no
 * longer named is dropped, a new one starts empty, so the list always matches the text.
 */
export function variablesFor(request: unknown, given: readonly TemplateVariable[]): TemplateVariable[] {
  return variablesInRequest(request).map((name) => ({
    name,
    default: given.find((variable) => variable.name === name)?.default ?? '',
  }));
}

/** The model a request names, for a template made from it. */
export const modelOf = (request: Record<string, unknown>): string =>
  typeof request.model === 'string' ? request.model : '';

/** Does a template match a search: every word in its name or one of its tags. */
export function matchesSearch(template: Template, search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = [template.name, ...template.tags, template.model].join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

const isString = (v: unknown): v is string => typeof v === 'string';

function parseVersion(raw: unknown): TemplateVersion | undefined {
  if (!isRecord(raw) || !isRecord(raw.request)) return undefined;
  const version = Number(raw.version);
  if (!Number.isInteger(version) || version < 1 || !isString(raw.savedAt)) return undefined;
  const given = Array.isArray(raw.variables)
    ? raw.variables.flatMap((v) =>
        isRecord(v) && isString(v.name)
          ? [{ name: v.name, default: isString(v.default) ? v.default : '' }]
          : [],
      )
    : [];
  return { version, savedAt: raw.savedAt, request: raw.request, variables: variablesFor(raw.request, given) };
}

/** A template from a file or the database, checked field by field; undefined when it is not one. */
export function parseTemplate(raw: unknown): Template | undefined {
  if (!isRecord(raw) || !isString(raw.id) || !raw.id || !isString(raw.name) || !raw.name.trim())
    return undefined;
  if (!TEMPLATE_KINDS.includes(raw.kind as TemplateKind) || !Array.isArray(raw.versions)) return undefined;
  const versions = raw.versions.map(parseVersion);
  if (versions.length === 0 || versions.some((v) => !v)) return undefined;
  return {
    id: raw.id,
    name: raw.name.trim(),
    tags: Array.isArray(raw.tags) ? raw.tags.filter(isString) : [],
    model: isString(raw.model) ? raw.model : '',
    kind: raw.kind as TemplateKind,
    versions: (versions as TemplateVersion[]).sort((a, b) => a.version - b.version),
  };
}

/**
 * A template from a file merged into the one kept here under the same id: the kept one's name and
 * tags stay; each version of the file not kept yet (by save time and request) is added after the
 * kept ones, numbered on. Returns how many versions were added.
 */
export function mergeTemplate(kept: Template, incoming: Template): { template: Template; added: number } {
  const key = (v: TemplateVersion) => `${v.savedAt}\n${JSON.stringify(v.request)}`;
  const known = new Set(kept.versions.map(key));
  const fresh = incoming.versions.filter((v) => !known.has(key(v)));
  if (fresh.length === 0) return { template: kept, added: 0 };
  let next = latestVersion(kept).version;
  const versions = [...kept.versions, ...fresh.map((v) => ({ ...v, version: ++next }))];
  const last = versions[versions.length - 1]!;
  return { template: { ...kept, versions, model: modelOf(last.request) || kept.model }, added: fresh.length };
}
