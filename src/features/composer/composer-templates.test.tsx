import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '@/test/fetch-mock';
import { saveTemplate } from '@/lib/templates/template-store';
import { composerPageSetup, mockComposerFetch, postedBodies } from './composer-test-setup';

const { renderComposer } = composerPageSetup();

describe('a template in the composer', { timeout: 30_000 }, () => {
  it('says so when an inserted template leaves a {{variable}} with no value, and still sends on purpose', async () => {
    const template = await saveTemplate({
      name: 'Walk',
      tags: [],
      model: 'video-2.0-cl',
      kind: 'video',
      request: { model: 'video-2.0-cl', prompt: 'A {{animal}} walks through {{place}}' },
      variables: [
        { name: 'animal', default: 'fox' },
        { name: 'place', default: '' },
      ],
    });
    const fetchMock = mockComposerFetch({
      'POST /v1/videos': () =>
        json({ object: 'task', id: 'task_t', status: 'pending', model: 'video-2.0-cl' }),
    });
    renderComposer(`/composer?template=${template.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Insert' }));

    const prompt = screen.getByRole('combobox', { name: 'Prompt' });
    await waitFor(() => expect(prompt).toHaveValue('A fox walks through {{place}}'));
    // Shown as it is, before any submit: the person sees it while the prompt is in front of them.
    expect(prompt).toHaveAccessibleDescription(
      /\{\{place\}\} is a template variable with no value: it is sent as written/,
    );
    // A warning, not a refusal: a prompt is written with {{variables}} to be saved as a template.
    await user.click(screen.getByRole('button', { name: 'Create video task' }));
    expect(await screen.findByText('monitor task_t')).toBeInTheDocument();
    expect(postedBodies(fetchMock)).toMatchObject([{ prompt: 'A fox walks through {{place}}' }]);
  });
});
