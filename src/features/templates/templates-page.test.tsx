import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { templateFile } from '@/lib/templates/template-file';
import { deleteTemplate, listTemplates, saveTemplate } from '@/lib/templates/template-store';
import { i18n } from '@/lib/i18n';
import { notifyError, notifySuccess } from '@/lib/notify';
import { renderRoutes } from '@/test/render';
import { TemplatesPage } from './templates-page';

vi.mock('@/lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), notifyUndoable: vi.fn() }));

function importText(text: string) {
  // The hidden file input the Import button opens; jsdom's File has no text(), which the page reads.
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  const file = Object.assign(new File([text], 'file.json', { type: 'application/json' }), {
    text: () => Promise.resolve(text),
  });
  fireEvent.change(input, { target: { files: [file] } });
}

describe('importing a file on the templates page', () => {
  beforeEach(() => vi.mocked(notifyError).mockClear());

  // First: the library is empty until a test saves one (IndexedDB is kept across a file's tests).
  it('with no template yet, says every place one is saved from and opens the composer', async () => {
    renderRoutes({ '/templates': <TemplatesPage /> }, { at: '/templates' });
    expect(
      await screen.findByText(/the composer, the digital-human and music forms, or a storyboard shot/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the composer' })).toHaveAttribute('href', '/composer');
  });

  it('says a file holds no templates as a failure, never as a green "0 templates added"', async () => {
    renderRoutes({ '/templates': <TemplatesPage /> }, { at: '/templates' });
    importText(JSON.stringify({ format: 'media-studio.batch', rows: [] }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledTimes(1));
    const [error, title] = vi.mocked(notifyError).mock.calls[0]!;
    expect(title).toBe('The file was not imported');
    expect((error as Error).message).toMatch(
      /^This file holds no templates: choose a file exported from this page/,
    );
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('says why a file cannot be read in the page’s language, not the library’s English', async () => {
    renderRoutes({ '/templates': <TemplatesPage /> }, { at: '/templates' });
    await i18n.changeLanguage('zh-CN');
    importText('not json at all');
    await waitFor(() => expect(notifyError).toHaveBeenCalledTimes(1));
    expect((vi.mocked(notifyError).mock.calls[0]![0] as Error).message).toBe(
      '该文件不是 JSON：请选择从此页面导出的文件、共享的模板，或任务列表的导出文件。',
    );
    importText(JSON.stringify({ format: 'media-studio.template', version: 99, template: {} }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledTimes(2));
    expect((vi.mocked(notifyError).mock.calls[1]![0] as Error).message).toBe(
      '此模板文件来自更新版本的 Media Studio：请先更新此控制台。',
    );
  });

  it('says a file whose templates are all here already adds nothing new', async () => {
    const kept = await saveTemplate({
      name: 'Kept',
      tags: [],
      model: 'v',
      kind: 'video',
      request: { model: 'v', prompt: 'x' },
      variables: [],
    });
    renderRoutes({ '/templates': <TemplatesPage /> }, { at: '/templates' });
    await screen.findByRole('article', { name: 'Kept' });
    importText(templateFile(kept));
    await waitFor(() =>
      expect(notifySuccess).toHaveBeenCalledWith(
        'The template in this file is already here, with every version: nothing new to add.',
      ),
    );
  });

  it('keeps the keyboard on the list when a template is deleted', async () => {
    for (const name of ['First', 'Second'])
      await saveTemplate({
        name,
        tags: [],
        model: 'v',
        kind: 'video',
        request: { prompt: name },
        variables: [],
      });
    renderRoutes({ '/templates': <TemplatesPage /> }, { at: '/templates' });
    const first = await screen.findByRole('article', { name: 'First' });
    await userEvent.click(within(first).getByRole('button', { name: 'Delete' }));
    // The card now in its place (the library holds the other tests' templates too).
    await waitFor(() => expect(screen.queryByRole('article', { name: 'First' })).toBeNull());
    const [inPlace] = screen.getAllByRole('article');
    await waitFor(() => expect(within(inPlace!).getByRole('link', { name: 'Use' })).toHaveFocus());
  });

  it('says where a storyboard shot template is used, which has no Use link', async () => {
    await saveTemplate({
      name: 'Shot',
      tags: [],
      model: 'v',
      kind: 'storyboard-shot',
      request: { prompt: 'x' },
      variables: [],
    });
    renderRoutes({ '/templates': <TemplatesPage /> }, { at: '/templates' });
    const card = await screen.findByRole('article', { name: 'Shot' });
    expect(within(card).queryByRole('link', { name: 'Use' })).toBeNull();
    expect(card).toHaveTextContent(
      'Inserted from a storyboard shot: its “Insert a template into shot” button.',
    );
    expect(within(card).getByRole('link', { name: 'Open the storyboard' })).toHaveAttribute(
      'href',
      '/storyboard',
    );
  });

  it('gives focus to the way on when the last template is deleted', async () => {
    for (const kept of await listTemplates()) await deleteTemplate(kept.id);
    await saveTemplate({
      name: 'Last',
      tags: [],
      model: 'v',
      kind: 'video',
      request: { prompt: 'x' },
      variables: [],
    });
    renderRoutes({ '/templates': <TemplatesPage /> }, { at: '/templates' });
    const last = await screen.findByRole('article', { name: 'Last' });
    await userEvent.click(within(last).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Open the composer' })).toHaveFocus());
  });
});
