import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notifyUndoable } from '@/lib/notify';
import type * as Notify from '@/lib/notify';
import { saveTemplate } from '@/lib/templates/template-store';
import { BOOTSTRAP_LOCAL, json, LIST_ENVELOPE, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { EMPTY_DIGITAL_HUMAN_DRAFT, EMPTY_MUSIC_DRAFT } from './draft';
import { TaskFormsPage } from './task-forms-page';
import { useTaskFormsStore } from './task-forms-store';

vi.mock('@/lib/notify', async (original) => ({
  ...(await original<typeof Notify>()),
  notifyUndoable: vi.fn(),
}));

// Issue 45 §1: a template is inserted into the digital-human and music forms as into the composer.
function renderPage(path: string) {
  const fetchMock = mockFetch({
    'GET /bootstrap': () => json(BOOTSTRAP_LOCAL),
    'GET /v1/asset-groups': () => json(LIST_ENVELOPE),
    'GET /v1/assets': () => json(LIST_ENVELOPE),
    'GET /v1/public-resources': () => json({ object: 'list', data: [] }),
  });
  return { fetchMock, ...renderRoutes({ '/create/*': <TaskFormsPage /> }, { at: path }) };
}

const LAZY = { timeout: 10_000 };

const posted = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').length;

beforeEach(() => {
  useTaskFormsStore.setState({ digitalHuman: EMPTY_DIGITAL_HUMAN_DRAFT, music: EMPTY_MUSIC_DRAFT });
});

describe('templates in the task forms', { timeout: 30_000 }, () => {
  it('inserts a music template from the picker, its variables filled with the form’s live preview', async () => {
    await saveTemplate({
      name: 'Rain song',
      tags: ['music'],
      model: 'music-v5.5',
      kind: 'music',
      request: {
        model: 'music-v5.5',
        prompt: 'A song about {{topic}}',
        style: '{{genre}}',
        title: 'On {{topic}}',
        customMode: true,
      },
      variables: [{ name: 'genre', default: 'jazz' }],
    });
    // A draft the form would send: inserting must not submit it.
    useTaskFormsStore.setState({ music: { ...EMPTY_MUSIC_DRAFT, prompt: 'before' } });
    const { fetchMock } = renderPage('/create/music');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Insert template' }));
    // The dialog, its strings and the template store load on first use: slow on a loaded machine.
    const picker = await screen.findByRole('dialog', { name: 'Insert a template' }, LAZY);
    await user.click(await within(picker).findByRole('button', { name: /Rain song/ }, LAZY));
    const fill = await screen.findByRole('dialog', { name: 'Insert “Rain song”' });
    await user.type(within(fill).getByLabelText('topic'), 'rain');
    // The preview is the music form's own body: what Create would send.
    const preview = within(within(fill).getByRole('region', { name: 'Filled request' })).getByLabelText(
      'Request body',
    );
    expect(JSON.parse(preview.textContent!)).toEqual({
      model: 'music-v5.5',
      prompt: 'A song about rain',
      style: 'jazz',
      title: 'On rain',
      customMode: true,
    });
    await user.click(within(fill).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(fill).not.toBeInTheDocument());
    expect(screen.getByLabelText('Custom mode')).toBeChecked();
    expect(screen.getByLabelText('Style')).toHaveValue('jazz');
    expect(screen.getByLabelText('Title')).toHaveValue('On rain');
    expect(screen.getByLabelText('Lyrics (optional)')).toHaveValue('A song about rain');
    expect(posted(fetchMock)).toBe(0);
    // The draft typed before was replaced: the notice offers it back.
    expect(notifyUndoable).toHaveBeenLastCalledWith(
      '“Rain song” inserted: it replaced the form’s draft.',
      expect.any(Function),
    );
    act(() => vi.mocked(notifyUndoable).mock.calls.at(-1)![1]());
    expect(useTaskFormsStore.getState().music).toEqual({ ...EMPTY_MUSIC_DRAFT, prompt: 'before' });
  });

  it('saving a template from a ready form keeps it and sends no task', async () => {
    useTaskFormsStore.setState({ music: { ...EMPTY_MUSIC_DRAFT, prompt: 'A calm song about {{topic}}' } });
    const { fetchMock } = renderPage('/create/music');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save as template' }));
    const save = await screen.findByRole('dialog', { name: 'Save as template' }, LAZY);
    await user.type(within(save).getByLabelText('Name'), 'Calm');
    await user.click(within(save).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(save).not.toBeInTheDocument());
    // The dialog's form sits inside the task form in React's tree: its submit must stop there.
    expect(posted(fetchMock)).toBe(0);
  });

  it('opens a digital-human template from ?template= straight to its variables, and fills the form', async () => {
    const template = await saveTemplate({
      name: 'Greeting',
      tags: [],
      model: 'digital-human-audio-v8',
      kind: 'digital-human',
      request: {
        model: 'digital-human-audio-v8',
        text: 'Hello {{customer}}, welcome back.',
        voice_asset_id: 'Asset://asset_voice',
      },
      variables: [],
    });
    const { router } = renderPage(`/create/digital-human?template=${template.id}`);
    const user = userEvent.setup();
    const fill = await screen.findByRole('dialog', { name: 'Insert “Greeting”' }, LAZY);
    await user.type(within(fill).getByLabelText('customer'), 'Ada');
    expect(within(fill).getByLabelText('Request body')).toHaveTextContent(
      '"text": "Hello Ada, welcome back."',
    );
    await user.click(within(fill).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(fill).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
    expect(useTaskFormsStore.getState().digitalHuman).toMatchObject({
      mode: 'audio',
      audioModel: 'digital-human-audio-v8',
      text: 'Hello Ada, welcome back.',
      voiceAssetId: 'asset_voice',
    });
    expect(screen.getByLabelText('Text to speak')).toHaveValue('Hello Ada, welcome back.');
  });
});
