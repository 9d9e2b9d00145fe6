import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
