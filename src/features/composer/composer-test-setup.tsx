import { useParams } from 'react-router';
import { beforeEach } from 'vitest';
import type { TaskRegistry } from '@/api/task-registry';
import { BOOTSTRAP_LOCAL, json, mockFetch } from '@/test/fetch-mock';
import { createTestRegistry, renderRoutes } from '@/test/render';
import { ComposerPage } from './composer-page';
import { useComposerDraftStore } from './composer-draft-store';
import { EMPTY_COMPOSER_DRAFT } from '@/lib/video-draft/draft';

/** The composer's fetch: the local server's bootstrap, and whatever routes the test adds or overrides. */
export function mockComposerFetch(routes: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({ 'GET /bootstrap': () => json(BOOTSTRAP_LOCAL), ...routes });
}

/** The JSON bodies the page POSTed, in order. */
export function postedBodies(fetchMock: ReturnType<typeof mockFetch>): unknown[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);
}

function TaskStub() {
  return <p>monitor {useParams().id}</p>;
}

/**
 * Every test of the calling file starts from an empty draft and a task registry of its own.
 * `renderComposer(at)` opens the page there, with a stub monitor ("monitor <id>") behind /tasks/:id.
 */
export function composerPageSetup() {
  let registry: TaskRegistry;
  beforeEach(() => {
    registry = createTestRegistry();
    useComposerDraftStore.setState({ draft: { ...EMPTY_COMPOSER_DRAFT, references: [] } });
  });
  return {
    registry: () => registry,
    renderComposer: (at = '/composer') =>
      renderRoutes({ '/composer': <ComposerPage />, '/tasks/:id': <TaskStub /> }, { at, registry }),
  };
}
