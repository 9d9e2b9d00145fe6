import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';
import { listTemplates, saveTemplate } from '@/lib/templates/template-store';
import { InsertTemplateDialog } from './insert-template-dialog';
import { SaveTemplateDialog } from './save-template-dialog';

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
    render(<SaveTemplateDialog kind="music" request={request} onClose={onClose} />);
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
});
