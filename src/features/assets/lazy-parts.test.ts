import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { AssetDetailSheet, RegisterAssetDialog } from './lazy-parts';

afterEach(() => vi.restoreAllMocks());

// The library preloads only `common` and `assets`: a part that rendered before its own namespace
// had arrived would suspend again (a blank sheet) after its code came.
describe("the library's lazy parts", () => {
  it.each([
    [
      'the register dialog',
      RegisterAssetDialog,
      'asset-register',
      () => import('./register/register-asset-dialog'),
    ],
    ['the asset detail sheet', AssetDetailSheet, 'asset-detail', () => import('./asset-detail-sheet')],
  ])('%s arrives with its strings, not before', async (_name, Part, namespace, code) => {
    // Its code already here, so that only its strings can hold it back.
    await code();
    let finish!: () => void;
    const strings = vi
      .spyOn(i18n, 'loadNamespaces')
      .mockReturnValue(new Promise<void>((resolve) => (finish = () => resolve())));
    let arrived = false;
    const loading = Part.load().then(() => (arrived = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(strings).toHaveBeenCalledWith([namespace]);
    expect(arrived).toBe(false);
    finish();
    await loading;
    expect(arrived).toBe(true);
  });
});
