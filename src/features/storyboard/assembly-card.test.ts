import { afterEach, describe, expect, it } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';
import { TEST_CONNECTION } from '@/test/fetch-mock';
import { newShot, type Storyboard } from './storyboard';
import { assemblyFileName, canAssemble, ffmpegCommand } from './assembly';

const board = (name: string): Storyboard => ({
  id: 'sb',
  name,
  updatedAt: 0,
  cast: [],
  shots: [newShot(), newShot()],
  joins: ['cut'],
});

describe('the assembled file is named after the storyboard', () => {
  it('in the download and in the ffmpeg line of direct mode', () => {
    expect(assemblyFileName(board('Pier chase'))).toBe('Pier chase.mp4');
    expect(assemblyFileName(board('码头 追逐'))).toBe('码头 追逐.mp4');
    expect(assemblyFileName(board('a/b:c'))).toBe('a-b-c.mp4');
    expect(assemblyFileName(board('  '))).toBe('storyboard.mp4');
    expect(ffmpegCommand(board('Pier chase'))).toMatch(/ "Pier chase\.mp4"$/);
  });
});

afterEach(() => useConnectionStore.setState(TEST_CONNECTION));

describe('canAssemble (the phone bar starts the assembly only then)', () => {
  const done = (): Storyboard => {
    const b = board('Pier');
    return {
      ...b,
      shots: b.shots.map((s, i) => ({
        ...s,
        run: { state: 'succeeded' as const, taskId: `t${i}`, resultUrl: `/files/${i}.mp4` },
      })),
    };
  };

  it('needs the local server, every shot done and current, and no job or current file', () => {
    useConnectionStore.setState({ ...TEST_CONNECTION, baseUrl: '' });
    expect(canAssemble(done())).toBe(true);
    const stale = done();
    stale.shots[1]!.run.stale = true;
    expect(canAssemble(stale)).toBe(false);
    expect(canAssemble({ ...done(), assembly: { id: 'a', status: 'running', taskIds: ['t0', 't1'] } })).toBe(
      false,
    );
    expect(
      canAssemble({
        ...done(),
        assembly: { id: 'a', status: 'succeeded', url: '/f.mp4', taskIds: ['t0', 't1'] },
      }),
    ).toBe(false);
    expect(
      canAssemble({
        ...done(),
        assembly: { id: 'a', status: 'succeeded', url: '/f.mp4', taskIds: ['t0', 'old'] },
      }),
    ).toBe(true);
    useConnectionStore.setState(TEST_CONNECTION);
    expect(canAssemble(done())).toBe(false);
  });
});
