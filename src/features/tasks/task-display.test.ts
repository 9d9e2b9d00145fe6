import type { TrackedTask } from '@/api/task-registry';
import { describe, expect, it } from 'vitest';
import type { Task } from '@/api/tasks';
import {
  downloadName,
  elapsedMs,
  failureFields,
  failureText,
  formatElapsed,
  isUncharged,
  listElapsedMs,
  resultView,
  safeMediaUrl,
  statusDisplay,
  taskHeading,
} from './task-display';

const task = (fields: Partial<Task> & Record<string, unknown>): Task => ({ id: 'task_1', ...fields }) as Task;

describe('statusDisplay', () => {
  it.each([
    ['pending', 'pending', 'waiting', undefined],
    ['QUEUED', 'submitted', 'waiting', 'QUEUED'],
    ['SUBMITTED', 'submitted', 'waiting', 'SUBMITTED'],
    ['IN_PROGRESS', 'running', 'processing', 'IN_PROGRESS'],
    ['SUCCESS', 'succeeded', 'succeeded', 'SUCCESS'],
    ['FAILURE', 'failed', 'failed', 'FAILURE'],
    ['canceled', 'cancelled', 'cancelled', 'canceled'],
    ['cancelled', 'cancelled', 'cancelled', undefined],
  ])('%s is shown as %s (%s), keeping the spelling %s', (raw, status, group, shownRaw) => {
    expect(statusDisplay(raw)).toMatchObject({ status, group, raw: shownRaw });
  });

  it('shows an unknown state raw, as neither active nor terminal', () => {
    expect(statusDisplay('thinking')).toMatchObject({
      status: 'unknown',
      raw: 'thinking',
      active: false,
      terminal: false,
    });
    expect(statusDisplay(7).raw).toBe('7');
    expect(statusDisplay(undefined).raw).toBeUndefined();
  });
});

describe('result rendering rules', () => {
  it('renders only http(s) URLs as media', () => {
    expect(safeMediaUrl('https://cdn.example/v.mp4')).toBe('https://cdn.example/v.mp4');
    expect(safeMediaUrl('http://127.0.0.1:8787/files/a.mp4')).toBe('http://127.0.0.1:8787/files/a.mp4');
    for (const bad of [
      'javascript:alert(1)',
      'data:video/mp4;base64,AAAA',
      '/files/a.mp4',
      'ftp://x/y',
      'blob:x',
      '',
      42,
    ]) {
      expect(safeMediaUrl(bad), String(bad)).toBeUndefined();
    }
  });

  it('plays a succeeded video, shows anything else as text, and nothing before success', () => {
    expect(resultView(task({ status: 'succeeded', video_url: 'https://x/v.mp4', kind: 'video' }))).toEqual({
      kind: 'media',
      media: 'video',
      url: 'https://x/v.mp4',
    });
    expect(resultView(task({ status: 'succeeded', video_url: 'javascript:alert(1)' }))).toEqual({
      kind: 'text',
      text: 'javascript:alert(1)',
    });
    expect(resultView(task({ status: 'running', video_url: 'https://x/v.mp4' }))).toEqual({ kind: 'none' });
  });

  it('shows image and resource results as images, at url or output.url, and image files of unknown kinds', () => {
    expect(resultView(task({ status: 'succeeded', kind: 'image', url: 'https://x/files/r' }))).toEqual({
      kind: 'media',
      media: 'image',
      url: 'https://x/files/r',
    });
    expect(
      resultView(
        task({ status: 'succeeded', kind: 'resource', output: { url: 'https://x/t', format: 'png' } }),
      ),
    ).toMatchObject({ media: 'image', url: 'https://x/t' });
    expect(resultView(task({ status: 'succeeded', result_url: 'https://x/a.webp' }))).toMatchObject({
      media: 'image',
    });
  });

  it('uses <audio> for music and digital-human audio, and for audio files of unknown kinds', () => {
    expect(
      resultView(task({ status: 'SUCCESS', kind: 'music', metadata: { url: 'https://x/song' } })),
    ).toMatchObject({
      media: 'audio',
      url: 'https://x/song',
    });
    expect(
      resultView(task({ status: 'succeeded', kind: 'digital_human_audio', output: { url: 'https://x/a' } })),
    ).toMatchObject({
      media: 'audio',
    });
    expect(resultView(task({ status: 'succeeded', url: 'https://x/a.mp3?sig=1' }))).toMatchObject({
      media: 'audio',
    });
    expect(
      resultView(task({ status: 'succeeded', kind: 'digital_human_video', result_url: 'https://x/d' })),
    ).toMatchObject({
      media: 'video',
    });
  });
});

describe('failure fields', () => {
  it('lists every field support needs, and copies them as lines', () => {
    const failed = task({
      status: 'failed',
      task_id: 'task_1',
      error: { code: 'content_policy', message: 'Rejected' },
      fail_reason: 'prompt flagged',
      request_id: 'req_1',
      trace_id: 'trace_1',
    });
    expect(failureFields(failed).map((f) => [f.name, f.value])).toEqual([
      ['error.code', 'content_policy'],
      ['error.message', 'Rejected'],
      ['fail_reason', 'prompt flagged'],
      ['task_id', 'task_1'],
      ['request_id', 'req_1'],
      ['trace_id', 'trace_1'],
    ]);
    expect(failureText(failed)).toBe(
      'error.code: content_policy\nerror.message: Rejected\nfail_reason: prompt flagged\ntask_id: task_1\nrequest_id: req_1\ntrace_id: trace_1',
    );
    expect(failureText(task({ status: 'failed' }))).toContain('error.code: —');
  });

  it("adds the last poll's own ids where they differ from the creating request's", () => {
    const failed = task({
      status: 'failed',
      task_id: 'task_1',
      request_id: 'req_create',
      trace_id: 'trace_1',
      poll: { request_id: 'req_poll', trace_id: 'trace_1' },
    });
    const rows = failureFields(failed).map((f) => [f.name, f.value]);
    expect(rows).toContainEqual(['request_id', 'req_create']);
    expect(rows).toContainEqual(['last_poll.request_id', 'req_poll']);
    expect(rows.map(([name]) => name)).not.toContain('last_poll.trace_id');
    expect(failureText(failed)).toContain('last_poll.request_id: req_poll');
  });
});

describe('elapsed time', () => {
  it('runs from creation to now while unfinished, and stops at completion', () => {
    expect(elapsedMs(task({ status: 'running', created_at: 100 }), undefined, 107_500)).toBe(7_500);
    expect(
      elapsedMs(task({ status: 'succeeded', created_at: 100, completed_at: 112 }), undefined, 999_999),
    ).toBe(12_000);
    expect(elapsedMs(undefined, 1_000, 4_000)).toBe(3_000);
    expect(formatElapsed(7_500)).toBe('0:07');
    expect(formatElapsed(65_000)).toBe('1:05');
    expect(formatElapsed(3_723_000)).toBe('1:02:03');
    expect(formatElapsed(undefined)).toBe('—');
  });
});

describe('what a task is called and how long it took', () => {
  const music = {
    id: 'task_m1',
    object: 'task',
    kind: 'music',
    status: 'SUCCESS',
    title: 'Night Drive',
    prompt: '[Verse]\nlyrics here',
    created_at: 1_700_000_000,
    completed_at: 1_700_000_002,
  } as unknown as Task;

  it('heads a custom-mode music task by its title, not its lyrics', () => {
    expect(taskHeading(music)).toBe('Night Drive');
    expect(taskHeading({ id: 'task_v', prompt: 'A cat' })).toBe('A cat');
    expect(taskHeading({ id: 'task_e' })).toBe('task_e');
  });

  it('downloads as the task id and title with the file extension', () => {
    expect(downloadName(music, 'Night Drive', 'http://x/files/a/b/out.MP3')).toBe('task_m1-Night-Drive.mp3');
    expect(downloadName(music, '城市 夜景!', 'http://x/files/v.mp4?sig=1')).toBe('task_m1-城市-夜景.mp4');
    expect(downloadName(music, 'task_m1', 'http://x/files/noext')).toBe('task_m1');
  });

  it('the list and the detail measure elapsed time from the same start', () => {
    const tracked: TrackedTask = {
      id: 'task_m1',
      kind: 'music',
      source: 'composer',
      // This browser's clock at submit: later than the server's created_at.
      createdAt: 1_700_000_000_950,
      last: { status: 'SUCCESS', endedAt: 1_700_000_002_000, serverCreatedAt: 1_700_000_000_000 },
    };
    const detail = elapsedMs(music, tracked.createdAt, Date.now());
    expect(formatElapsed(listElapsedMs(tracked, false, Date.now()))).toBe(formatElapsed(detail));
    expect(formatElapsed(detail)).toBe('0:02');
  });

  it('failed and cancelled tasks are not charged', () => {
    expect(isUncharged({ ...music, status: 'failed' })).toBe(true);
    expect(isUncharged({ ...music, status: 'canceled' })).toBe(true);
    expect(isUncharged(music)).toBe(false);
  });
});
