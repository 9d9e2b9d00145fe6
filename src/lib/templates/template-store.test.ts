import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { templateFile, templatesInFile, withTemplates } from './template-file';
import {
  deleteTemplate,
  getTemplate,
  importTemplates,
  importTemplatesFromFile,
  listTemplates,
  restoreVersion,
  saveTemplate,
} from './template-store';

const request = { model: 'seedance-2.0', prompt: 'A {{animal}} in {{place}}', duration: 5 };

describe('the prompt library', () => {
  it('keeps every save as a version, with the variables the request names', async () => {
    const first = await saveTemplate({
      name: 'Animal',
      tags: ['pets'],
      model: '',
      kind: 'video',
      request,
      variables: [
        { name: 'animal', default: 'cat' },
        { name: 'gone', default: 'x' },
      ],
    });
    expect(first.model).toBe('seedance-2.0');
    expect(first.versions[0]!.variables).toEqual([
      { name: 'animal', default: 'cat' },
      { name: 'place', default: '' },
    ]);
    const second = await saveTemplate({
      ...first,
      request: { ...request, prompt: 'A {{animal}}' },
      variables: [],
    });
    expect(second.id).toBe(first.id);
    expect(second.versions.map((v) => v.version)).toEqual([1, 2]);

    const restored = await restoreVersion(first.id, 1);
    expect(restored.versions.map((v) => v.version)).toEqual([1, 2, 3]);
    expect(restored.versions[2]!.request).toEqual(request);
    expect((await getTemplate(first.id))?.versions).toHaveLength(3);
    await deleteTemplate(first.id);
    expect(await getTemplate(first.id)).toBeUndefined();
  });

  it('round-trips through the registry export and a shared file, merging versions it lacks', async () => {
    const kept = await saveTemplate({
      name: 'Shared',
      tags: [],
      model: 'm',
      kind: 'music',
      request: { prompt: 'x' },
      variables: [],
    });
    const registry = JSON.stringify({ format: 'media-studio.tasks', version: 1, tasks: [] });
    const exported = withTemplates(registry, await listTemplates());
    expect(JSON.parse(exported).tasks).toEqual([]);
    expect(templatesInFile(exported).templates.map((t) => t.name)).toContain('Shared');
    // An export from before templates has none, and still reads.
    expect(templatesInFile(registry)).toEqual({ templates: [], invalid: 0 });

    const elsewhere = {
      ...kept,
      versions: [
        ...kept.versions,
        { ...kept.versions[0]!, version: 2, savedAt: '2030-01-01T00:00:00.000Z', request: { prompt: 'y' } },
      ],
    };
    const { templates } = templatesInFile(templateFile(elsewhere));
    expect(await importTemplates(templates)).toEqual({ added: 0, versions: 1 });
    expect(await importTemplates(templates)).toEqual({ added: 0, versions: 0 });
    expect(await importTemplates([{ ...elsewhere, id: 'tpl_new' }])).toEqual({ added: 1, versions: 0 });
  });

  it('counts what is not a template and refuses what is not JSON or too new', () => {
    const file = JSON.stringify({ templates: { version: 1, items: [{ id: 'x' }, 7] } });
    expect(templatesInFile(file)).toEqual({ templates: [], invalid: 2 });
    expect(() => templatesInFile('{')).toThrow(/not JSON/);
    expect(() => templatesInFile(JSON.stringify({ format: 'media-studio.template', version: 9 }))).toThrow(
      /newer/,
    );
  });

  it('imports any file that carries templates one way, the library page and the task export alike', async () => {
    const kept = await saveTemplate({
      name: 'From a file',
      tags: [],
      model: 'm',
      kind: 'music',
      request: { prompt: 'x' },
      variables: [],
    });
    const moved = { ...kept, id: 'tpl_from_file' };
    const registry = JSON.stringify({ format: 'media-studio.tasks', version: 1, tasks: [] });
    const withOne = withTemplates(registry, [moved]);
    const withJunk = JSON.parse(withOne) as { templates: { items: unknown[] } };
    withJunk.templates.items.push(7);
    expect(await importTemplatesFromFile(JSON.stringify(withJunk))).toEqual({
      added: 1,
      versions: 0,
      invalid: 1,
    });
    expect(await importTemplatesFromFile(withOne)).toEqual({ added: 0, versions: 0, invalid: 0 });
    expect(await importTemplatesFromFile(registry)).toEqual({ added: 0, versions: 0, invalid: 0 });
    await expect(importTemplatesFromFile('{')).rejects.toThrow(/not JSON/);
    expect(await getTemplate('tpl_from_file')).toBeDefined();
  });
});
