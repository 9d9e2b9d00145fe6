import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, withNamespaces } from '@/lib/i18n';

afterEach(() => vi.restoreAllMocks());

/** A load of strings that finishes when the test says. */
function holdStrings() {
  let finish!: () => void;
  const spy = vi
    .spyOn(i18n, 'loadNamespaces')
    .mockReturnValue(new Promise<void>((resolve) => (finish = () => resolve())));
  return { spy, finish };
}

describe('withNamespaces', () => {
  it('hands the part over only once its strings have loaded', async () => {
    const strings = holdStrings();
    let arrived = false;
    const loading = withNamespaces(() => Promise.resolve('part'), ['asset-detail'])().then((part) => {
      arrived = true;
      return part;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(strings.spy).toHaveBeenCalledWith(['asset-detail']);
    expect(arrived).toBe(false);
    strings.finish();
    await expect(loading).resolves.toBe('part');
  });

  it('fails as its code does, so that the next intent or render tries again', async () => {
    const error = new TypeError('Failed to fetch dynamically imported module');
    await expect(withNamespaces(() => Promise.reject(error), ['palette'])()).rejects.toBe(error);
  });
});
