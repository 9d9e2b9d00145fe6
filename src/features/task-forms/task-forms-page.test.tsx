import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';
import type { TaskRegistry } from '@/api/task-registry';
import { BOOTSTRAP_LOCAL, json, LIST_ENVELOPE, mockFetch } from '@/test/fetch-mock';
import { createTestRegistry, renderRoutes } from '@/test/render';
import { EMPTY_DIGITAL_HUMAN_DRAFT, EMPTY_MUSIC_DRAFT } from './draft';
import { TaskFormsPage } from './task-forms-page';
import { TASK_FORMS_STORAGE_KEY, useTaskFormsStore } from './task-forms-store';
import { READY_ASSET_FIELDS } from '@/test/asset-fixtures';

function TaskStub() {
  return <p>monitor {useParams().id}</p>;
}

function renderPage(path: string) {
  renderRoutes({ '/create/*': <TaskFormsPage />, '/tasks/:id': <TaskStub /> }, { at: path, registry });
}

const READY = READY_ASSET_FIELDS;
const asset = (id: string, type: string, purpose?: string) => ({
  id,
  type,
  ...(purpose ? { purpose } : {}),
  name: `${id}.bin`,
  ...READY,
});
const ASSETS = [
  asset('asset_face', 'image', 'digital_human_avatar'),
  asset('asset_other', 'image', 'reference_image'),
  asset('asset_voice', 'audio', 'digital_human_voice'),
  asset('asset_ok', 'video', 'digital_human_authorization'),
  // The specification's Asset has no purpose: a deployment may not echo it.
  asset('asset_plain', 'image'),
];

function assetRoutes() {
  return {
    'GET /bootstrap': () => json(BOOTSTRAP_LOCAL),
    'GET /v1/asset-groups': () => json(LIST_ENVELOPE),
    'GET /v1/assets': (url: URL) => {
      const type = url.searchParams.get('type');
      const data = ASSETS.filter((a) => !type || a.type === type);
      return json({ ...LIST_ENVELOPE, data, count: data.length, total: data.length });
    },
  };
}

let registry: TaskRegistry;
beforeEach(() => {
  registry = createTestRegistry();
  useTaskFormsStore.setState({ digitalHuman: EMPTY_DIGITAL_HUMAN_DRAFT, music: EMPTY_MUSIC_DRAFT });
});

describe('TaskFormsPage', { timeout: 30_000 }, () => {
  it('lists every asset of the type, those of the slot’s purpose first, sends Asset:// references and records the task', async () => {
    const fetchMock = mockFetch({
      ...assetRoutes(),
      'GET /v1/assets/asset_face': () => json(ASSETS[0]),
      'GET /v1/assets/asset_voice': () => json(ASSETS[2]),
      'GET /v1/assets/asset_ok': () => json(ASSETS[3]),
      'POST /v1/tasks': () =>
        json({ object: 'task', id: 'task_dh', kind: 'digital_human_video', status: 'pending' }),
    });
    renderPage('/create/digital-human');
    const user = userEvent.setup();
    const avatar = screen.getByLabelText('Avatar');
    await waitFor(() => expect(avatar.querySelectorAll('option')).toHaveLength(4));
    const offered = [...avatar.querySelectorAll('option')].map((o) => o.getAttribute('value'));
    expect(offered).toEqual(['', 'asset_face', 'asset_plain', 'asset_other']);
    await user.selectOptions(avatar, 'asset_face');
    await user.selectOptions(screen.getByLabelText('Speech audio'), 'asset_voice');
    await user.selectOptions(screen.getByLabelText('Authorization (required)'), 'asset_ok');
    await waitFor(() => expect(document.querySelectorAll('[data-readiness="ready"]')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Create digital-human video' }));

    expect(await screen.findByText('monitor task_dh')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    const sent = JSON.parse(String(post[1]!.body));
    expect(sent).toEqual({
      model: 'digital-human-video-v8',
      avatar_asset_id: 'Asset://asset_face',
      audio_url: 'Asset://asset_voice',
    });
    expect(registry.get('task_dh')).toMatchObject({
      kind: 'digital_human_video',
      source: 'task-form',
      request: sent,
    });
  });

  it('offers the public avatars the deployment lists and sends the picked one by its id', async () => {
    const fetchMock = mockFetch({
      ...assetRoutes(),
      'GET /v1/public-resources': () =>
        json({ object: 'list', data: [{ id: 'public_avatar_news', name: 'News anchor', type: 'image' }] }),
      'GET /v1/assets/asset_voice': () => json(ASSETS[2]),
      'GET /v1/assets/asset_ok': () => json(ASSETS[3]),
      'POST /v1/tasks': () =>
        json({ object: 'task', id: 'task_pub', kind: 'digital_human_video', status: 'pending' }),
    });
    renderPage('/create/digital-human');
    const user = userEvent.setup();
    const avatar = screen.getByLabelText('Avatar');
    await waitFor(() => expect(avatar).toHaveTextContent('News anchor'));
    await user.selectOptions(avatar, 'public_avatar_news');
    expect(await screen.findByText(/usable by every key, nothing to upload/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Speech audio'), 'asset_voice');
    await user.selectOptions(screen.getByLabelText('Authorization (required)'), 'asset_ok');
    await user.click(screen.getByRole('button', { name: 'Create digital-human video' }));

    expect(await screen.findByText('monitor task_pub')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({ avatar_asset_id: 'public_avatar_news' });
    // No asset detail is asked for a public resource.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/v1/assets/public_avatar'))).toBe(
      false,
    );
  });

  it('says when the deployment lists no public avatars (proxy mode) and takes a pasted public id', async () => {
    const fetchMock = mockFetch({
      ...assetRoutes(),
      'GET /v1/public-resources': () => json({ error: { message: 'Not found' } }, 404),
      'GET /v1/assets/asset_voice': () => json(ASSETS[2]),
      'GET /v1/assets/asset_ok': () => json(ASSETS[3]),
      'POST /v1/tasks': () => json({ id: 'cgt-20251228-1', status: 'pending' }),
    });
    renderPage('/create/digital-human');
    const user = userEvent.setup();
    expect(await screen.findByText(/does not list public avatars/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Public avatar id'), 'pub-anchor-7');
    await user.selectOptions(screen.getByLabelText('Speech audio'), 'asset_voice');
    await user.selectOptions(screen.getByLabelText('Authorization (required)'), 'asset_ok');
    await user.click(screen.getByRole('button', { name: 'Create digital-human video' }));
    expect(await screen.findByText('monitor cgt-20251228-1')).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({ avatar_asset_id: 'pub-anchor-7' });
    // A public id is no asset of the key: no detail is asked for it.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/v1/assets/pub-anchor'))).toBe(false);
  });

  it('puts a server refusal on the field its param names', async () => {
    mockFetch({
      ...assetRoutes(),
      'POST /v1/tasks': () =>
        json(
          {
            error: {
              message: 'title is required when customMode is true: the title of the track.',
              type: 'invalid_request_error',
              param: 'title',
              code: 'invalid_request',
            },
          },
          400,
        ),
    });
    // Nothing is wrong locally: only the server's answer can mark the field.
    useTaskFormsStore.setState({ music: { ...EMPTY_MUSIC_DRAFT, prompt: 'calm piano', title: 'T' } });
    renderPage('/create/music');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create music track' }));
    const title = screen.getByLabelText('Title (optional)');
    await waitFor(() => expect(title).toHaveAttribute('aria-invalid', 'true'));
    expect(title).toHaveAccessibleDescription(
      'title is required when customMode is true: the title of the track.',
    );
    await user.type(title, 'x');
    expect(title).not.toHaveAttribute('aria-invalid');
  });

  it('stops before sending when custom mode lacks title and style', async () => {
    const fetchMock = mockFetch(assetRoutes());
    renderPage('/create/music');
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Custom mode'));
    await user.click(screen.getByRole('button', { name: 'Create music track' }));
    expect(screen.getByLabelText('Style')).toHaveAccessibleDescription('Custom mode needs a style.');
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('Custom mode needs a title.');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('loads a recorded music request for edit and re-run, on the music tab', async () => {
    mockFetch(assetRoutes());
    registry.track({
      id: 'task_m',
      kind: 'music',
      createdAt: Date.now(),
      source: 'task-form',
      request: { model: 'music-v5.5', prompt: 'la la', style: 'jazz', title: 'Blue', customMode: true },
    });
    renderPage('/create/digital-human?from=task_m');
    expect(
      await screen.findByText(/Loaded the request of task task_m/, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Music' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Custom mode')).toBeChecked();
    expect(screen.getByLabelText('Style')).toHaveValue('jazz');
    expect(screen.getByLabelText('Lyrics (optional)')).toHaveValue('la la');
  });

  it('keeps the draft in storage, but never a callback URL that holds the key', () => {
    useConnectionStore.setState({ apiKey: 'sk-test-secret-key' });
    useTaskFormsStore.getState().musicChanged({ prompt: 'kept', callbackUrl: 'https://h.test/x' });
    expect(localStorage.getItem(TASK_FORMS_STORAGE_KEY)).toContain('https://h.test/x');
    useTaskFormsStore.getState().musicChanged({ callbackUrl: 'https://h.test/x?k=sk-test-secret-key' });
    const stored = localStorage.getItem(TASK_FORMS_STORAGE_KEY)!;
    expect(stored).toContain('kept');
    expect(stored).not.toContain('sk-test-secret-key');
  });
});
