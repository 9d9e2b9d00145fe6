import { describe, expect, it } from 'vitest';
import { rerunPath } from './rerun-path';

describe('rerunPath', () => {
  it('opens each kind in the form that creates it', () => {
    expect(rerunPath('video', 'task_1')).toBe('/composer?from=task_1');
    expect(rerunPath(undefined, 'task_1')).toBe('/composer?from=task_1');
    expect(rerunPath('music', 'task_2')).toBe('/create/music?from=task_2');
    expect(rerunPath('digital_human_video', 'task_3')).toBe('/create/digital-human?from=task_3');
    expect(rerunPath('digital_human_audio', 'task 4')).toBe('/create/digital-human?from=task%204');
    // Made through the API only: no form to edit them in.
    expect(rerunPath('image', 'task_5')).toBeUndefined();
    expect(rerunPath('resource', 'task_6')).toBeUndefined();
  });
});
