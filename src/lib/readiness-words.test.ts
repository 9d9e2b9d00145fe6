import { describe, expect, it } from 'vitest';
import { readinessReasons } from './readiness-words';

describe('readinessReasons', () => {
  it('says in words why an asset is not ready, each reason once', () => {
    expect(
      readinessReasons([
        { field: 'status', value: 'created' },
        { field: 'preparation_status', value: 'created' },
        { field: 'generation_ready', value: false },
        { field: 'review_status', value: 'pending' },
        { field: 'review_passed', value: undefined },
      ]),
    ).toEqual([
      'it is still being processed',
      'it is still being prepared for generation',
      'the server has not marked it ready for generation yet',
      'the content review has not finished',
    ]);
    expect(readinessReasons([{ field: 'review_passed', value: false }])).toEqual([
      'the content review refused it',
    ]);
    expect(readinessReasons([{ field: 'preparation_status', value: 'failed' }])).toEqual([
      'its preparation failed',
    ]);
  });
});
