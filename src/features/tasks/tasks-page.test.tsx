import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskRegistry } from '@/api/task-registry';
import { BOOTSTRAP_LOCAL, json, mockFetch } from '@/test/fetch-mock';
import { createTestRegistry, renderRoutes } from '@/test/render';
import { TasksPage } from './tasks-page';

function renderAt(url: string) {
  return renderRoutes({ '/tasks/*': <TasksPage /> }, { at: url, registry }).router;
}

let registry: TaskRegistry;
beforeEach(() => {
  registry = createTestRegistry();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Rendering the page with its lazy pieces is slow on a loaded machine.
describe('TasksPage', { timeout: 20_000 }, () => {
  it('plays a succeeded video inline and tracks a pasted id once the server knows it', async () => {
    mockFetch({
      'GET /bootstrap': () => json(BOOTSTRAP_LOCAL),
      'GET /v1/tasks/task_ok': () =>
        json({
          id: 'task_ok',
          kind: 'video',
          model: 'video-2.0-cl',
          prompt: 'a fox',
          status: 'succeeded',
          video_url: 'http://localhost/files/v.mp4',
          created_at: 100,
          completed_at: 110,
        }),
    });
    renderAt('/tasks/task_ok');
    const video = await screen.findByLabelText('Result video of task_ok');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', 'http://localhost/files/v.mp4');
    expect(screen.getByRole('link', { name: /Download/ })).toHaveAttribute(
      'href',
      'http://localhost/files/v.mp4',
    );
    expect(screen.getByRole('link', { name: /Edit and re-run/ })).toHaveAttribute(
      'href',
      '/composer?from=task_ok',
    );
    await waitFor(() => expect(registry.get('task_ok')).toMatchObject({ source: 'pasted', prompt: 'a fox' }));
    // Already ended, so never polled again: the list shows the state this fetch saw.
    expect(registry.get('task_ok')?.last).toMatchObject({ status: 'succeeded', endedAt: 110_000 });
    expect(await screen.findByRole('list', { name: 'Tracked tasks' })).toBeInTheDocument();
  });

  it('a record without model (the specification does not list it) shows the model and kind it was created with', async () => {
    registry.track({
      id: 'task_dh',
      kind: 'digital_human_video',
      model: 'digital-human-video-v8',
      createdAt: 1,
      source: 'task-form',
    });
    mockFetch({
      'GET /bootstrap': () => json(BOOTSTRAP_LOCAL),
      'GET /v1/tasks/task_dh': () =>
        json({ task_id: 'task_dh', status: 'SUCCESS', video_url: 'http://localhost/files/v.mp4' }),
    });
    renderAt('/tasks/task_dh');
    const article = await screen.findByRole('article', { name: 'task_dh' });
    expect(
      await within(article).findByText(/^Digital-human video · digital-human-video-v8/),
    ).toBeInTheDocument();
  });

  it('never renders a result that is not http(s) as media or a link', async () => {
    mockFetch({
      'GET /bootstrap': () => json(BOOTSTRAP_LOCAL),
      'GET /v1/tasks/task_js': () =>
        json({ id: 'task_js', status: 'succeeded', video_url: 'javascript:alert(1)' }),
    });
    const { container } = { container: document.body };
    renderAt('/tasks/task_js');
    expect(await screen.findByTestId('result-text')).toHaveTextContent('javascript:alert(1)');
    expect(container.querySelector('video, audio')).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('shows every failure field of a failed task', async () => {
    mockFetch({
      'GET /bootstrap': () => json(BOOTSTRAP_LOCAL),
      'GET /v1/tasks/task_bad': () =>
        json({
          id: 'task_bad',
          task_id: 'task_bad',
          status: 'FAILURE',
          error: { code: 'render_failed', message: 'The renderer gave up' },
          fail_reason: 'asked to fail',
          request_id: 'req_9',
          trace_id: 'trace_9',
        }),
    });
    renderAt('/tasks/task_bad');
    const panel = await screen.findByRole('region', { name: 'Failure details' });
    for (const text of [
      'render_failed',
      'The renderer gave up',
      'asked to fail',
      'task_bad',
      'req_9',
      'trace_9',
    ]) {
      expect(within(panel).getByText(text)).toBeInTheDocument();
    }
    expect(within(panel).getByRole('button', { name: 'Copy all details' })).toBeInTheDocument();
  });

  it('says clearly when a pasted id does not exist, and does not track it', async () => {
    mockFetch({
      'GET /bootstrap': () => json(BOOTSTRAP_LOCAL),
      'GET /v1/tasks/task_nope': () =>
        json({ error: { message: 'No task task_nope', type: 'not_found', code: 'task_not_found' } }, 404),
    });
    renderAt('/tasks/task_nope');
    expect(await screen.findByRole('heading', { name: 'Task not found' })).toBeInTheDocument();
    expect(registry.get('task_nope')).toBeUndefined();
  });

  it('filters the list by the search in the URL', async () => {
    // jsdom lays nothing out: give the virtual list's scroll box a size so it renders rows.
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(400);
    mockFetch({ 'GET /bootstrap': () => json(BOOTSTRAP_LOCAL) });
    registry.track({
      id: 'task_a',
      kind: 'video',
      createdAt: 2,
      source: 'composer',
      prompt: 'red fox',
      last: { status: 'succeeded' },
    });
    registry.track({
      id: 'task_b',
      kind: 'music',
      createdAt: 1,
      source: 'composer',
      prompt: 'blue sea',
      last: { status: 'SUCCESS' },
    });
    renderAt('/tasks?q=fox');
    const list = await screen.findByRole('list', { name: 'Tracked tasks' });
    expect(await within(list).findByText('red fox')).toBeInTheDocument();
    expect(within(list).queryByText('blue sea')).toBeNull();
    expect(screen.getByText('1 of 2 tasks shown')).toBeInTheDocument();
  });

  it('lists 10,000 tracked tasks with only a screenful of rows in the DOM', async () => {
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(400);
    mockFetch({ 'GET /bootstrap': () => json(BOOTSTRAP_LOCAL) });
    registry.importJson(
      JSON.stringify(
        Array.from({ length: 10_000 }, (_, i) => ({
          id: `task_${i}`,
          kind: 'video',
          createdAt: 1_000 + i,
          prompt: `prompt ${i}`,
          last: { status: 'succeeded' },
        })),
      ),
    );
    renderAt('/tasks');
    const list = await screen.findByRole('list', { name: 'Tracked tasks' });
    expect(await within(list).findByText('prompt 9999')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(30);
    expect(screen.getByText(/10,000 tasks tracked/)).toBeInTheDocument();
  });
});
