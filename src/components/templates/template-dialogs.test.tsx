import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';
import { listTemplates, saveTemplate } from '@/lib/templates/template-store';
import { InsertTemplateDialog } from './insert-template-dialog';
import { TemplateDialog } from './template-dialog';

describe('the template dialogs', () => {
  it('saves the whole request with a default per variable, and never the API key', async () => {
    useConnectionStore.setState({ baseUrl: '', apiKey: 'sk-secret-1', remember: false, keySource: 'user' });
    const onClose = vi.fn();
    const request = {
      model: 'music-1',
      prompt: 'A song about {{topic}}',
      style: '{{genre}}',
      callback_url: 'https://hook.example/?key=sk-secret-1',
    };
    render(<TemplateDialog mode="save" kind="music" request={request} onClose={onClose} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Song');
    await userEvent.type(screen.getByLabelText('Default for topic'), 'rain');
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [saved] = (await listTemplates()).filter((t) => t.name === 'Song');
    expect(saved).toMatchObject({ kind: 'music', model: 'music-1' });
    expect(saved!.versions[0]!.request).toEqual({
      model: 'music-1',
      prompt: 'A song about {{topic}}',
      style: '{{genre}}',
    });
    expect(saved!.versions[0]!.variables).toEqual([
      { name: 'topic', default: 'rain' },
      { name: 'genre', default: '' },
    ]);
  });

  it('fills the variables with a live preview and hands back the filled request', async () => {
    const template = await saveTemplate({
      name: 'Walk',
      tags: [],
      model: '',
      kind: 'video',
      request: { model: 'v', prompt: 'A {{animal}} in {{place}}' },
      variables: [{ name: 'place', default: 'a forest' }],
    });
    const onInsert = vi.fn();
    render(
      <InsertTemplateDialog
        kind="video"
        initialId={template.id}
        onClose={() => undefined}
        onInsert={onInsert}
        preview={(request) => <output aria-label="preview">{String(request.prompt)}</output>}
      />,
    );
    const preview = await screen.findByLabelText('preview');
    expect(preview).toHaveTextContent('A {{animal}} in a forest');
    expect(screen.getByText('No value or default yet: animal')).toBeVisible();
    await userEvent.type(screen.getByLabelText('animal'), 'heron');
    expect(preview).toHaveTextContent('A heron in a forest');
    await userEvent.click(screen.getByRole('button', { name: 'Insert' }));
    expect(onInsert).toHaveBeenCalledWith({ model: 'v', prompt: 'A heron in a forest' }, expect.anything());
  });

  it('edits a kept template into its next version: texts, defaults, name and tags in the same form', async () => {
    const template = await saveTemplate({
      name: 'Edited',
      tags: ['calm'],
      model: 'music-1',
      kind: 'music',
      request: { model: 'music-1', prompt: 'A song', style: 'folk' },
      variables: [],
    });
    const onClose = vi.fn();
    render(<TemplateDialog mode="edit" template={template} onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Edit “Edited”' })).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveValue('Edited');
    expect(screen.getByLabelText('Tags (comma-separated)')).toHaveValue('calm');
    const prompt = screen.getByLabelText('prompt');
    // Prose in a box of lines; a value (the model) on one line, as its own form shows it.
    expect(prompt.tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('model').tagName).toBe('INPUT');
    await userEvent.clear(prompt);
    await userEvent.type(prompt, 'A song about {{{{topic}}');
    await userEvent.type(screen.getByLabelText('Default for topic'), 'rain');
    await userEvent.click(screen.getByRole('button', { name: 'Save version' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [kept] = (await listTemplates()).filter((t) => t.id === template.id);
    expect(kept).toMatchObject({ name: 'Edited', tags: ['calm'], model: 'music-1' });
    expect(kept!.versions.map((v) => v.version)).toEqual([1, 2]);
    expect(kept!.versions[1]!.request).toEqual({
      model: 'music-1',
      prompt: 'A song about {{topic}}',
      style: 'folk',
    });
    expect(kept!.versions[1]!.variables).toEqual([{ name: 'topic', default: 'rain' }]);
  });
});

describe('focus in the template dialogs', () => {
  it('moves to the first variable when a template is picked, and back to the search with Back', async () => {
    await saveTemplate({
      name: 'Picked',
      tags: [],
      model: '',
      kind: 'digital-human',
      request: { text: 'Hello {{who}}' },
      variables: [],
    });
    render(
      <InsertTemplateDialog
        kind="digital-human"
        onClose={() => undefined}
        onInsert={() => undefined}
        preview={() => null}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: /Picked/ }));
    expect(screen.getByLabelText('who')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Other template' }));
    expect(screen.getByLabelText('Search templates by name or tag')).toHaveFocus();
  });

  it('gives focus back to what opened the dialog when it closes', async () => {
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Save as template
          </button>
          {open && (
            <TemplateDialog
              mode="save"
              kind="music"
              request={{ prompt: 'x' }}
              onClose={() => setOpen(false)}
            />
          )}
        </>
      );
    }
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Save as template' });
    await userEvent.click(opener);
    expect(screen.getByLabelText('Name')).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it("says, where it is typed, that a video template's model is none of the line's", async () => {
    const template = await saveTemplate({
      name: 'Model',
      tags: [],
      model: 'video-2.0-cl',
      kind: 'video',
      request: { model: 'video-2.0-cl', prompt: 'A fox' },
      variables: [],
    });
    render(<TemplateDialog mode="edit" template={template} onClose={() => undefined} />);
    const model = screen.getByLabelText('model');
    expect(model).not.toHaveAccessibleDescription();
    await userEvent.clear(model);
    await userEvent.type(model, 'video-3');
    expect(model).toHaveAccessibleDescription(
      '“video-3” is not a video model: the composer refuses it. Write one of video-2.0-cl, video-2.0-cl-fast, video-2.0-cl-mini.',
    );
  });
});
