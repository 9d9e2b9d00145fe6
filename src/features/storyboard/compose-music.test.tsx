import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { READY_ASSET_FIELDS } from '@/test/asset-fixtures';
import { json, LIST_ENVELOPE, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { SoundCard } from './sound-card';
import { newShot, type Storyboard } from './storyboard';
import { exportStoryboard, importStoryboard, parseStoryboard } from './storyboard-file';

// The storyboard's "Compose music": one music task with the cut's length, created through the
// task forms' create-and-track path, followed by its query until its audio is the cut's track.

// The board as last committed. A layout effect, not a passive one: a task's answer re-renders outside
// act(), and a passive effect then runs in a later task, after the `findBy…` that saw the new DOM has
// returned, so an assertion on `seen` read the board before it (in some test orders under load).
const seen: { board?: Storyboard } = {};
function Harness({ start }: { start: Storyboard }) {
  const [board, setBoard] = useState(start);
  useLayoutEffect(() => {
    seen.board = board;
  }, [board]);
  return <SoundCard board={board} edit={(change) => setBoard(change)} />;
}

const board = (durations: string[], joins: ('cut' | 'crossfade')[] = []): Storyboard => ({
  id: 'sb-1',
  name: 'Pier chase',
  updatedAt: 0,
  cast: [],
  shots: durations.map((duration, i) => newShot({ prompt: `shot ${i}`, duration })),
  joins,
});

const render = (start: Storyboard) => renderRoutes({ '/': <Harness start={start} /> }, { at: '/' });

// No test reads the board another one left.
beforeEach(() => {
  delete seen.board;
});
afterEach(() => vi.unstubAllGlobals());

describe('Compose music', () => {
  it('creates one tracked music task stating the cut’s length, and its audio becomes the track', async () => {
    let answer: Record<string, unknown> = { id: 'task_m1', status: 'IN_PROGRESS', progress: 40 };
    const fetchMock = mockFetch({
      'POST /v1/tasks': () => json({ id: 'task_m1', status: 'SUBMITTED' }),
      'GET /v1/tasks/task_m1': () => json(answer),
    });
    // 6 s + 5 s with one crossfade: a 10.5 s cut, asked as 11 s.
    const { registry, client } = render(board(['6', '5'], ['crossfade']));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Compose music' }));
    const form = screen.getByRole('form', { name: 'Compose music for the cut' });
    expect(within(form).getByText("Length: 11 s, the cut's length.")).toBeInTheDocument();

    // Nothing is sent without a description; the kit's message says what to do.
    await user.click(within(form).getByRole('button', { name: 'Compose 11 s of music' }));
    expect(await within(form).findAllByText('Describe the music first.')).not.toHaveLength(0);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(within(form).getByLabelText('What the music is like'), 'calm piano');
    await user.click(within(form).getByRole('button', { name: 'Compose 11 s of music' }));

    const post = await waitFor(() => {
      const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
      expect(call).toBeDefined();
      return call!;
    });
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      model: 'music-v5.5',
      prompt: 'Length: 11 seconds. calm piano',
      style: '',
      title: 'Pier chase',
      customMode: false,
    });
    // In the registry, so the Task monitor lists it; the page stays on the storyboard.
    expect(registry.get('task_m1')).toMatchObject({
      kind: 'music',
      source: 'storyboard',
      prompt: 'calm piano',
    });
    expect(await screen.findByText(/Composing 11 s of music… 40%/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Composing music' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(seen.board?.sound?.composing).toEqual({ taskId: 'task_m1', prompt: 'calm piano', seconds: 11 });
    expect(screen.queryByTestId('storyboard-music')).toBeNull();

    answer = { id: 'task_m1', status: 'SUCCESS', metadata: { url: 'http://localhost/files/m/music.mp3' } };
    await client.refetchQueries({ queryKey: ['tasks', 'detail', 'task_m1'] });
    expect(await screen.findByTestId('storyboard-music')).toHaveTextContent('calm piano');
    expect(seen.board?.sound?.music).toMatchObject({
      url: 'http://localhost/files/m/music.mp3',
      taskId: 'task_m1',
    });
    expect(seen.board?.sound?.composing).toBeUndefined();
  });

  it('shows a failed task with its reason, and Try again reopens the form with the same words', async () => {
    mockFetch({
      'POST /v1/tasks': () => json({ id: 'task_m2', status: 'SUBMITTED' }),
      'GET /v1/tasks/task_m2': () =>
        json({ id: 'task_m2', status: 'FAILURE', fail_reason: 'quota exhausted' }),
    });
    render(board(['5']));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Compose music' }));
    // A 5 s cut: the shortest track is asked, and the hint says the cut ends it early.
    expect(
      screen.getByText(/Length: 10 s, the shortest track; the cut \(5\.0 s\) ends it early\./),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('What the music is like'), 'drums');
    await user.click(screen.getByRole('button', { name: 'Compose 10 s of music' }));
    const failed = await screen.findByTestId('compose-failed');
    expect(failed).toHaveTextContent('The music could not be composed');
    expect(failed).toHaveTextContent('quota exhausted');
    expect(within(failed).getByRole('link', { name: 'Open the task' })).toHaveAttribute(
      'href',
      '/tasks/task_m2',
    );
    expect(seen.board?.sound?.music).toBeUndefined();

    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(screen.getByLabelText('What the music is like')).toHaveValue('drums');
    expect(seen.board?.sound?.composing).toBeUndefined();
  });

  it('a library track picked while a task composes is the track: the task is no longer followed, nor named on it', async () => {
    mockFetch({
      'GET /v1/tasks/task_m3': () => json({ id: 'task_m3', status: 'IN_PROGRESS', progress: 10 }),
      'GET /v1/asset-groups': () => json(LIST_ENVELOPE),
      'GET /v1/assets': () =>
        json({
          ...LIST_ENVELOPE,
          data: [
            {
              id: 'asset_a',
              type: 'audio',
              name: 'waves.mp3',
              url: 'https://x/waves.mp3',
              ...READY_ASSET_FIELDS,
            },
          ],
          count: 1,
          total: 1,
        }),
    });
    const start: Storyboard = {
      ...board(['6']),
      sound: {
        burnCaptions: false,
        composing: { taskId: 'task_m3', prompt: 'calm piano', seconds: 10 },
        music: {
          url: 'https://x/old.mp3',
          name: 'old',
          taskId: 'task_m0',
          volume: 1.5,
          fadeOut: 3,
          shotAudio: 'mute',
        },
      },
    };
    render(start);
    const user = userEvent.setup();
    expect(await screen.findByText(/Composing 10 s of music… 10%/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pick another track' }));
    await user.click(await screen.findByRole('button', { name: 'Use waves.mp3' }));
    await waitFor(() => expect(seen.board?.sound?.composing).toBeUndefined());
    expect(seen.board?.sound?.music).toEqual({
      url: 'https://x/waves.mp3',
      name: 'waves.mp3',
      volume: 1.5,
      fadeOut: 3,
      shotAudio: 'mute',
    });
    expect(screen.queryByTestId('compose-progress')).toBeNull();
  });

  it('sends nothing while a shot has no duration: the length is the cut’s', async () => {
    const fetchMock = mockFetch({});
    render(board(['5', '']));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Compose music' }));
    expect(
      screen.getAllByText('Give every shot a duration first: the music is as long as the cut.').length,
    ).toBeGreaterThan(0);
    await user.type(screen.getByLabelText('What the music is like'), 'strings');
    await user.click(screen.getByRole('button', { name: 'Compose music' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('a composing task in the stored board', () => {
  it('is kept across a reload (followed again), but not in an export (a task of the server it was started on)', () => {
    const b: Storyboard = {
      ...board(['6']),
      sound: {
        burnCaptions: false,
        composing: { taskId: 'task_m1', prompt: 'calm piano', seconds: 10 },
        music: { url: 'https://x/m.mp3', taskId: 'task_m0', volume: 0.6, fadeOut: 2, shotAudio: 'duck' },
      },
    };
    const stored = parseStoryboard(JSON.parse(JSON.stringify(b)), { fresh: false });
    expect(stored.sound).toEqual(b.sound);
    const imported = importStoryboard(exportStoryboard(b));
    expect(imported.sound?.composing).toBeUndefined();
    expect(imported.sound?.music?.url).toBe('https://x/m.mp3');
  });
});
