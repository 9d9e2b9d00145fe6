import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { createGenericTask } from '@/api/generic-tasks';
import type { TaskRegistry } from '@/api/task-registry';
import { json, mockFetch } from '@/test/fetch-mock';
import { createTestRegistry, renderRoutes } from '@/test/render';
import { useSubmitTasks, type TaskRequest } from './submit-tasks';

type Body = { model: string; prompt: string };
const requests: TaskRequest<Body>[] = ['one', 'two', 'three'].map((prompt) => ({
  body: { model: 'music-v5.5', prompt },
  kind: 'music',
  prompt,
}));

function Harness() {
  const { submit, refusal } = useSubmitTasks<Body, 'prompt', string>({
    create: (body) => createGenericTask(body),
    source: 'task-form',
    fieldOfParam: (param) => (param === 'prompt' ? 'prompt' : undefined),
  });
  return (
    <>
      <button type="button" onClick={() => submit(requests, 'snapshot')}>
        send
      </button>
      {refusal && (
        <p>
          refused #{refusal.index} on {refusal.field ?? 'nothing'}: {refusal.message}; created{' '}
          {refusal.created.join(',')}
        </p>
      )}
    </>
  );
}

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

let registry: TaskRegistry;
beforeEach(() => {
  registry = createTestRegistry();
});

describe('useSubmitTasks', { timeout: 20_000 }, () => {
  it('creates one task per request, records each under its source with its exact body, then opens the list', async () => {
    let n = 0;
    mockFetch({
      'POST /v1/tasks': () => json({ object: 'task', id: `task_${(n += 1)}`, status: 'pending' }),
    });
    renderRoutes({ '/create': <Harness />, '/tasks': <Where /> }, { at: '/create', registry });
    await userEvent.setup().click(screen.getByRole('button', { name: 'send' }));
    expect(await screen.findByText('at /tasks')).toBeInTheDocument();
    for (const [i, request] of requests.entries()) {
      expect(registry.get(`task_${i + 1}`)).toMatchObject({
        kind: 'music',
        source: 'task-form',
        prompt: request.prompt,
        request: request.body,
      });
    }
  });

  it('stops at the first refusal, says which request it was, and keeps the tasks made before it', async () => {
    let n = 0;
    mockFetch({
      'POST /v1/tasks': () =>
        (n += 1) === 2
          ? json(
              { error: { message: 'prompt is too long', type: 'invalid_request_error', param: 'prompt' } },
              400,
            )
          : json({ object: 'task', id: `task_${n}`, status: 'pending' }),
    });
    renderRoutes({ '/create': <Harness />, '/tasks': <Where /> }, { at: '/create', registry });
    await userEvent.setup().click(screen.getByRole('button', { name: 'send' }));
    expect(
      await screen.findByText('refused #1 on prompt: prompt is too long; created task_1'),
    ).toBeInTheDocument();
    expect(n).toBe(2);
    expect(registry.get('task_1')).toMatchObject({ source: 'task-form' });
    expect(screen.queryByText('at /tasks')).not.toBeInTheDocument();
  });
});
