import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fetch-mock';
import { notifyUndoable } from '@/lib/notify';
import type * as Notify from '@/lib/notify';
import { saveTemplate } from '@/lib/templates/template-store';
import { EMPTY_COMPOSER_DRAFT } from '@/lib/video-draft/draft';
import { useComposerDraftStore } from './composer-draft-store';
import { useVariationsStore } from './variations/variations-store';
import { composerPageSetup, mockComposerFetch, postedBodies } from './composer-test-setup';

vi.mock('@/lib/notify', async (original) => ({
  ...(await original<typeof Notify>()),
  notifyUndoable: vi.fn(),
}));

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

  it('offers to undo an insert, which replaced the draft typed before', async () => {
    const template = await saveTemplate({
      name: 'Plain',
      tags: [],
      model: 'video-2.0-cl',
      kind: 'video',
      request: { model: 'video-2.0-cl', prompt: 'From the template' },
      variables: [],
    });
    useComposerDraftStore.setState({ draft: { ...EMPTY_COMPOSER_DRAFT, prompt: 'My own long prompt' } });
    mockComposerFetch();
    renderComposer(`/composer?template=${template.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Insert' }));
    const prompt = screen.getByRole('combobox', { name: 'Prompt' });
    await waitFor(() => expect(prompt).toHaveValue('From the template'));
    expect(notifyUndoable).toHaveBeenCalledWith(
      '“Plain” inserted: it replaced the draft.',
      expect.any(Function),
    );
    act(() => vi.mocked(notifyUndoable).mock.calls.at(-1)![1]());
    expect(prompt).toHaveValue('My own long prompt');
  });

  it('says, before a save with variations on, that the variants are not in the template', async () => {
    useVariationsStore.setState({ variations: { param: 'duration', values: ['5', '8'] } });
    mockComposerFetch();
    renderComposer();
    await userEvent.click(screen.getByRole('button', { name: 'Save as template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as template' });
    expect(within(dialog).getByRole('note')).toHaveTextContent(
      "Variations are not saved: the template keeps the form's own request, without the variants.",
    );
    useVariationsStore.setState({ variations: null });
  });
});
