import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Asset } from '@/api/assets';
import { readinessLabel } from './readiness';
import { ReviewUnknownNotice } from './review-unknown-notice';

const unknownReview = {
  id: 'asset_1',
  type: 'image',
  status: 'ready',
  preparation_status: 'ready',
  generation_ready: true,
  review_status: 'unknown',
  review_passed: false,
} satisfies Asset;

afterEach(() => vi.useRealTimers());

describe('an asset whose review stays unknown', () => {
  it('is labelled by what is unknown, not as preparing', () => {
    expect(readinessLabel(unknownReview)).toBe('review_unknown');
    expect(readinessLabel({ ...unknownReview, review_status: 'pending' })).toBe('preparing');
    expect(readinessLabel({ ...unknownReview, generation_ready: false })).toBe('preparing');
  });

  it('says what is unknown, and once checks stop after the type’s time offers Check again', () => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
    const onCheckAgain = vi.fn();
    render(<ReviewUnknownNotice asset={unknownReview} onCheckAgain={onCheckAgain} checking={false} />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('review_status = unknown');
    expect(status).toHaveTextContent(/Checking again/);
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
    act(() => vi.advanceTimersByTime(12_000));
    expect(status).toHaveTextContent(/after 12 s, so automatic checks have stopped/);
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(onCheckAgain).toHaveBeenCalledTimes(1);
  });
});
