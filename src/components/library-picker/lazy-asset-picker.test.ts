import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { AssetPickerDialog } from './lazy-asset-picker';

afterEach(() => vi.restoreAllMocks());

describe('the asset picker', () => {
  it('arrives with the words its rows give for an asset not ready yet, not before', async () => {
    // Its code already here, so that only its strings can hold it back.
    await import('./asset-picker-dialog');
    let finish!: () => void;
    const strings = vi
      .spyOn(i18n, 'loadNamespaces')
      .mockReturnValue(new Promise<void>((resolve) => (finish = () => resolve())));
    let arrived = false;
    const loading = AssetPickerDialog.load().then(() => (arrived = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // readinessReasons() reads them with i18n.t, which does not wait for a load.
    expect(strings).toHaveBeenCalledWith(['composer', 'readiness-reasons']);
    expect(arrived).toBe(false);
    finish();
    await loading;
    expect(arrived).toBe(true);
  });
});
