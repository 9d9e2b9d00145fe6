import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, INVALID_RESPONSE_TYPE } from '@/api/api-client';
import { errorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { toasterMounted } from '@/lib/toaster-host';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn() }));
vi.mock('sonner', () => ({ toast }));

// In the app the lazily mounted Toaster signals this; here nothing renders it.
toasterMounted();

describe('notify', () => {
  // Each test reads the calls it caused: none left from an earlier test (in whatever order).
  beforeEach(() => {
    toast.error.mockClear();
    toast.success.mockClear();
  });

  it('shows the API error with its request id and a "Copy request ID" action', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    notifyError(
      new ApiRequestError({ status: 400, message: 'duration must be 4 to 15', requestId: 'req_1' }),
      'Could not create',
    );
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalled());
    const [title, options] = toast.error.mock.calls[0]!;
    expect(title).toBe('Could not create');
    expect(options.description).toContain('duration must be 4 to 15');
    expect(options.description).toContain('req_1');
    expect(options.action.label).toBe('Copy request ID');
    options.action.onClick();
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith('req_1'));
  });

  it('has no copy action without a request id, and ignores aborted requests', async () => {
    toast.error.mockClear();
    notifyError(new DOMException('aborted', 'AbortError'));
    notifyError(new Error('boom'));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledTimes(1));
    expect(toast.error.mock.calls[0]![1].action).toBeUndefined();
    notifySuccess('Saved');
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith('Saved'));
  });

  it('translates the failures the dashboard detects itself', () => {
    expect(errorMessage(new ApiRequestError({ status: 0, message: 'x' }, { isNetworkError: true }))).toMatch(
      /could not be reached/,
    );
    expect(
      errorMessage(new ApiRequestError({ status: 200, message: 'x', type: INVALID_RESPONSE_TYPE })),
    ).toMatch(/does not understand/);
    expect(errorMessage(new ApiRequestError({ status: 404, message: 'Asset not found' }))).toBe(
      'Asset not found',
    );
    expect(errorMessage({})).toBe('An unexpected error occurred.');
  });

  it('explains group_not_found wherever an error is told in one line (a slot, an upload, a toast)', () => {
    const missing = new ApiRequestError({ status: 404, message: 'unknown group', code: 'group_not_found' });
    expect(errorMessage(missing)).toBe(
      'This group does not exist: The link points to a group that was never created, was deleted, or belongs to another API key. (unknown group)',
    );
  });
});
