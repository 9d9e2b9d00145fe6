import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { TaskRegistry } from '@/api/task-registry';
import { TaskRegistryProvider } from '@/api/task-registry-context';
import { memoryBackend } from '@/api/task-registry-storage';
import type { RowCheck } from './batch-check';
import { emptyBatch, type Batch, type BatchKind } from './batch-model';
import { BatchRunPanel } from './batch-run-panel';
import type { BatchRunner } from './batch-runner';

/** A runner that is never asked anything here: the panel only reads whether another tab runs it. */
const idle = { subscribe: () => () => undefined, runningElsewhere: () => false } as unknown as BatchRunner;

function panel(kind: BatchKind, body: Record<string, unknown>) {
  const batch: Batch = {
    ...emptyBatch(Date.now(), kind),
    rows: [{ key: 'r1', cells: [], state: 'pending' }],
  };
  const checks: RowCheck[] = [{ body: body as RowCheck['body'], issues: [], ok: true }];
  render(
    <TaskRegistryProvider registry={new TaskRegistry(memoryBackend())}>
      <BatchRunPanel batch={batch} checks={checks} runner={idle} />
    </TaskRegistryProvider>,
  );
}

describe('the batch run panel’s token estimate', () => {
  it('adds the video rows’ estimated tokens', () => {
    panel('video', {
      model: 'video-2.0-cl',
      prompt: 'a kite',
      duration: 5,
      resolution: '720p',
      ratio: '16:9',
    });
    const tokens = screen.getByTestId('batch-tokens');
    expect(tokens.textContent).toMatch(/^[1-9][\d,.]*$/);
  });

  it('says a music row’s tokens are reported once it ends, never an estimate of 0', () => {
    panel('music', { model: 'music-v5.5', prompt: 'a calm harbour', customMode: false });
    const tokens = screen.getByTestId('batch-tokens');
    expect(tokens).toHaveTextContent(/reported by each music task once it ends/);
    expect(tokens).not.toHaveTextContent(/\b0\b/);
  });

  it('says a digital-human row’s tokens are reported once it ends, never an estimate of 0', () => {
    panel('digital_human', {
      model: 'digital-human-video-v8',
      avatar_asset_id: 'Asset://asset_a',
      audio_url: 'https://example.com/a.mp3',
    });
    const tokens = screen.getByTestId('batch-tokens');
    expect(tokens).toHaveTextContent(/reported by each digital-human task once it ends/);
    expect(tokens).not.toHaveTextContent(/\b0\b/);
  });
});

describe('the batch run panel while another tab runs the batch', () => {
  const panel = (tellsOtherTabs: boolean, edit = vi.fn()) => {
    const elsewhere = {
      subscribe: () => () => undefined,
      runningElsewhere: () => true,
      tellsOtherTabs,
      edit,
    } as unknown as BatchRunner;
    const batch: Batch = {
      ...emptyBatch(Date.now(), 'video'),
      state: 'running',
      rows: [
        { key: 'r1', cells: [], state: 'failed' },
        { key: 'r2', cells: [], state: 'pending' },
      ],
    };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TaskRegistryProvider registry={new TaskRegistry(memoryBackend())}>
          <BatchRunPanel batch={batch} checks={[]} runner={elsewhere} />
        </TaskRegistryProvider>
      </QueryClientProvider>,
    );
  };

  it('offers no run controls, and says edits made here go to that tab', () => {
    const edit = vi.fn();
    panel(true, edit);
    expect(screen.getByTestId('batch-elsewhere')).toHaveTextContent(/edits here are passed to that tab/);
    expect(screen.queryByRole('button', { name: /Pause|Resume|Start|Retry/ })).toBeNull();
    // The concurrency is an edit like any other: passed on, so it stays open.
    fireEvent.change(screen.getByLabelText('At most at once'), { target: { value: '4' } });
    expect(edit).toHaveBeenCalledOnce();
  });

  it('in a browser that cannot tell other tabs, says edits are kept here until that tab lets the run go', () => {
    panel(false);
    expect(screen.getByTestId('batch-elsewhere')).toHaveTextContent(
      /cannot pass edits between tabs: your edits here are kept in this tab/,
    );
  });
});

describe('the batch run panel while a tab of another build is open', () => {
  const panel = (otherBuild: 'older' | 'newer') => {
    const runner = {
      subscribe: () => () => undefined,
      runningElsewhere: () => false,
      otherBuild,
    } as unknown as BatchRunner;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TaskRegistryProvider registry={new TaskRegistry(memoryBackend())}>
          <BatchRunPanel
            batch={{ ...emptyBatch(Date.now(), 'video'), rows: [] }}
            checks={[]}
            runner={runner}
          />
        </TaskRegistryProvider>
      </QueryClientProvider>,
    );
  };

  it('says another tab runs an older version and asks to reload that tab', () => {
    panel('older');
    expect(screen.getByRole('alert')).toHaveTextContent(
      /another tab of this browser runs an older version.*cannot pass batch edits.*Reload that tab/i,
    );
  });

  it('says another tab runs a newer version and asks to reload this one', () => {
    panel('newer');
    expect(screen.getByRole('alert')).toHaveTextContent(/runs a newer version.*Reload this tab/);
  });
});
