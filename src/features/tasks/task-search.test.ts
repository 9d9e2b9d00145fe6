import { describe, expect, it } from 'vitest';
import type { TrackedTask } from '@/api/task-registry';
import { inboxNamesFromCallbacks } from '@/api/webhook-inbox';
import { MAX_POLLED_TASKS, tasksToPoll } from './task-poller';
import { filterTasks, parseTaskSearch } from './task-search';

const t = (id: string, extra: Partial<TrackedTask> = {}): TrackedTask => ({
  id,
  kind: 'video',
  createdAt: 1,
  source: 'composer',
  ...extra,
});

const tasks = [
  t('task_a', { prompt: 'A red Fox at dawn', last: { status: 'running', progress: 10 } }),
  t('task_b', { kind: 'music', prompt: 'lofi beat', last: { status: 'SUCCESS' } }),
  t('task_c', { prompt: 'city', last: { status: 'canceled' } }),
  t('task_d', { prompt: 'ocean' }),
  t('task_e', { last: { status: 'mystery' } }),
];

describe('task search', () => {
  it('reads the URL, dropping values it does not know', () => {
    expect(parseTaskSearch(new URLSearchParams('q=fox&kind=music&state=processing&rated=4'))).toEqual({
      q: 'fox',
      kind: 'music',
      state: 'processing',
      rated: '4',
    });
    expect(parseTaskSearch(new URLSearchParams('kind=tv&state=done&rated=9'))).toEqual({
      q: '',
      kind: '',
      state: '',
      rated: '',
    });
  });

  it('matches prompt or id, any case, and filters kind and normalised state', () => {
    const ids = (s: Partial<Parameters<typeof filterTasks>[1]>) =>
      filterTasks(tasks, { q: '', kind: '', state: '', rated: '', ...s }).map((x) => x.id);
    expect(ids({ q: 'fox' })).toEqual(['task_a']);
    expect(ids({ q: 'TASK_C' })).toEqual(['task_c']);
    expect(ids({ kind: 'music' })).toEqual(['task_b']);
    expect(ids({ state: 'succeeded' })).toEqual(['task_b']);
    expect(ids({ state: 'cancelled' })).toEqual(['task_c']);
    expect(ids({ state: 'waiting' })).toEqual(['task_d']);
    expect(ids({ state: 'unknown' })).toEqual(['task_e']);
    expect(filterTasks(tasks, { q: '', kind: '', state: '', rated: '' })).toBe(tasks);
  });
});

describe('which tasks the list polls', () => {
  it('polls unfinished tasks of this connection only, not the open one', () => {
    const list = [
      ...tasks,
      t('task_other', { baseUrl: 'https://elsewhere.example' }),
      t('task_here', { baseUrl: '' }),
    ];
    expect(tasksToPoll(list, '', 'task_a')).toEqual(['task_d', 'task_e', 'task_here']);
    expect(tasksToPoll([t('task_gone', { last: { notFound: true } })], '')).toEqual([]);
  });

  it('caps how many tasks are polled at once', () => {
    const many = Array.from({ length: MAX_POLLED_TASKS + 50 }, (_, i) => t(`task_${i}`));
    expect(tasksToPoll(many, '')).toHaveLength(MAX_POLLED_TASKS);
  });
});

describe('inbox names from callback URLs', () => {
  it("keeps only this server's inbox URLs with valid names", () => {
    expect(
      inboxNamesFromCallbacks(
        [
          'http://localhost:8787/webhooks/inbox/demo',
          'http://localhost:8787/webhooks/inbox/demo',
          'http://localhost:8787/webhooks/inbox/b-2/',
          'https://other.example/webhooks/inbox/x',
          'http://localhost:8787/webhooks/other/y',
          'http://localhost:8787/webhooks/inbox/bad%20name',
          'not a url',
          undefined,
        ],
        'http://localhost:8787',
      ),
    ).toEqual(['b-2', 'demo']);
  });
});

describe('search inside request bodies (issue 43 §3)', () => {
  const bodies = [
    t('task_p', {
      prompt: 'shown text',
      request: { model: 'video-2.0-cl-fast', prompt: 'a sweep across the harbour', duration: 5 },
    }),
    t('task_r', {
      request: {
        model: 'video-2.0-cl',
        references: [{ role: 'reference_image', url: 'Asset://asset_lighthouse', alias: 'keeper' }],
      },
    }),
    t('task_m', { model: 'music-1', request: { model: 'music-1', avatar_asset_id: 'asset_face_07' } }),
    t('task_x', { prompt: 'unrelated', request: { ratio: '16:9' } }),
  ];
  const ids = (q: string) => filterTasks(bodies, { q, kind: '', state: '', rated: '' }).map((x) => x.id);

  it('finds the prompt, the model and the reference names of the body sent', () => {
    expect(ids('harbour')).toEqual(['task_p']);
    expect(ids('CL-FAST')).toEqual(['task_p']);
    expect(ids('keeper')).toEqual(['task_r']);
    expect(ids('asset_lighthouse')).toEqual(['task_r']);
    expect(ids('music-1')).toEqual(['task_m']);
    expect(ids('face_07')).toEqual(['task_m']);
  });

  it('matches every word, in any field, so two words need not be side by side', () => {
    expect(ids('sweep fast')).toEqual(['task_p']);
    expect(ids('sweep keeper')).toEqual([]);
    // Values of other fields are not searched: "16:9" is no name.
    expect(ids('16:9')).toEqual([]);
  });
});
