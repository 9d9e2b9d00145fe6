import { isRecord } from '@contract/is-record';
import { parseTemplate, type Template } from './template-model';

/**
 * Templates in files. Two shapes, both versioned so a later change can still read today's files:
 * - in the task registry's export, a `templates` section beside `tasks` (ratings and prices travel
 *   the same way); a file from before templates has none and imports as it did;
 * - one template shared as its own file (`media-studio.template`).
 */
export const TEMPLATES_SECTION_VERSION = 1;
export const TEMPLATE_FILE_FORMAT = 'media-studio.template';
export const TEMPLATE_FILE_VERSION = 1;

export interface TemplatesSection {
  version: typeof TEMPLATES_SECTION_VERSION;
  items: Template[];
}

/** The registry's export with the templates added as their own section. */
export function withTemplates(exportJson: string, templates: readonly Template[]): string {
  const file: unknown = JSON.parse(exportJson);
  if (!isRecord(file)) return exportJson;
  const section: TemplatesSection = { version: TEMPLATES_SECTION_VERSION, items: [...templates] };
  return JSON.stringify({ ...file, templates: section }, null, 2);
}

/** The whole library as a file of its own (the same section a registry export carries). */
export function templatesFile(templates: readonly Template[]): string {
  return withTemplates(
    JSON.stringify({ format: 'media-studio.templates', exportedAt: new Date().toISOString() }),
    templates,
  );
}

/** One template as a file of its own, to share. */
export function templateFile(template: Template): string {
  return JSON.stringify({ format: TEMPLATE_FILE_FORMAT, version: TEMPLATE_FILE_VERSION, template }, null, 2);
}

/** Why a file cannot be read; the message is English, the page says it in its own words by reason. */
export type TemplateFileProblem = 'notJson' | 'newerFile' | 'newerSection';

const PROBLEM_TEXT: Record<TemplateFileProblem, string> = {
  notJson: 'The file is not JSON: choose a template or task registry export file.',
  newerFile: 'The template file is from a newer version of Media Studio: update it first.',
  newerSection: 'The templates in this file are from a newer version of Media Studio.',
};

export class TemplateFileError extends Error {
  constructor(readonly reason: TemplateFileProblem) {
    super(PROBLEM_TEXT[reason]);
    this.name = 'TemplateFileError';
  }
}

/**
 * The templates of any file that carries some: a registry export (its `templates` section), a
 * shared template, or a bare list. A file with none (an older registry export) gives an empty
 * list; entries that are not templates are counted, not thrown.
 */
export function templatesInFile(text: string): { templates: Template[]; invalid: number } {
  let file: unknown;
  try {
    file = JSON.parse(text);
  } catch {
    throw new TemplateFileError('notJson');
  }
  let raw: unknown[] = [];
  if (isRecord(file) && file.format === TEMPLATE_FILE_FORMAT) {
    if (Number(file.version) > TEMPLATE_FILE_VERSION) throw new TemplateFileError('newerFile');
    raw = [file.template];
  } else if (isRecord(file) && isRecord(file.templates)) {
    if (Number(file.templates.version) > TEMPLATES_SECTION_VERSION)
      throw new TemplateFileError('newerSection');
    raw = Array.isArray(file.templates.items) ? file.templates.items : [];
  } else if (Array.isArray(file)) raw = file;
  const parsed = raw.map(parseTemplate);
  const templates = parsed.filter((t): t is Template => !!t);
  return { templates, invalid: parsed.length - templates.length };
}
