import { describe, expect, it } from 'vitest';
import { isAssetIdQuery, isTaskIdQuery } from './palette-ids';

describe('ids typed into the palette', () => {
  it('offers to open a task of any id shape: the specification says nothing of its form', () => {
    for (const id of [
      'task_abc123',
      'cgt-20251228093000-x7k2',
      '7f3e9c1a-2b4d-4e8f-9a01-c3d5e7f90b12',
      'MJ.1234',
    ])
      expect(isTaskIdQuery(id), id).toBe(true);
  });

  it('does not take words or sentences for ids', () => {
    for (const text of ['library', 'Settings', 'red car at night', 'ab1', '', 'asset_abc'])
      expect(isTaskIdQuery(text), text).toBe(false);
  });

  it('reads asset ids by the form the specification gives them', () => {
    expect(isAssetIdQuery('asset_abc')).toBe(true);
    expect(isAssetIdQuery('cgt-2025')).toBe(false);
  });
});
