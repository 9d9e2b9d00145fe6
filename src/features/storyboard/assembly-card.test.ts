import { describe, expect, it } from 'vitest';
import { newShot, type Storyboard } from './storyboard';
import { assemblyFileName, ffmpegCommand } from './assembly-card';

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
