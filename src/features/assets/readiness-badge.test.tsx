import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Asset } from '@/api/assets';
import { ReadinessBadge } from './readiness-badge';
import { readinessLabel } from './readiness';

const base = {
  id: 'asset_1',
  status: 'ready',
  preparation_status: 'ready',
  generation_ready: true,
  review_status: 'succeeded',
  review_passed: true,
} satisfies Asset;

async function openTooltip(asset: Asset) {
  render(<ReadinessBadge asset={asset} />);
  const trigger = screen.getByRole('button', { name: /readiness/i });
  await userEvent.hover(trigger);
  return screen.findByRole('tooltip');
}

describe('ReadinessBadge', () => {
  it('says Ready only when all five conditions hold', async () => {
    const tooltip = await openTooltip(base);
    expect(screen.getByRole('button', { name: 'Readiness: Ready' })).toBeInTheDocument();
    expect(tooltip).toHaveTextContent(/all five readiness conditions hold/i);
  });

  it('reject case: review passed but not ready, naming exactly the failing conditions', async () => {
    const rejected: Asset = {
      ...base,
      status: 'failed',
      preparation_status: 'failed',
      generation_ready: false,
      sync_error: 'rejected by policy',
    };
    const tooltip = await openTooltip(rejected);
    expect(screen.getByRole('button', { name: 'Readiness: Failed' })).toBeInTheDocument();
    expect(tooltip).toHaveTextContent('Review passed, but the asset is not ready for generation.');
    expect(tooltip).toHaveTextContent('status is failed, needs ready');
    expect(tooltip).toHaveTextContent('preparation_status is failed, needs ready');
    expect(tooltip).toHaveTextContent('generation_ready is false, needs true');
    expect(tooltip).not.toHaveTextContent('review_status');
    expect(tooltip).not.toHaveTextContent('review_passed');
  });

  it('a preparing asset lists what is still missing', async () => {
    const tooltip = await openTooltip({
      id: 'asset_2',
      status: 'syncing',
      preparation_status: 'syncing',
      generation_ready: false,
      review_status: 'pending',
    });
    expect(screen.getByRole('button', { name: 'Readiness: Preparing' })).toBeInTheDocument();
    expect(tooltip).toHaveTextContent('review_passed is —, needs true');
  });

  it('opens for keyboard users too, keeping focus on the badge', async () => {
    render(<ReadinessBadge asset={{ ...base, generation_ready: false }} />);
    await userEvent.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('generation_ready is false, needs true');
    // Read once the tooltip is open: where its chunk had not loaded yet (no earlier test hovered a
    // badge), arming re-creates the trigger, and focus must have been carried over to the new one.
    const trigger = screen.getByRole('button', { name: 'Readiness: Preparing' });
    expect(trigger).toHaveFocus();
  });

  it('labels review failures and never trusts review_status alone', () => {
    expect(readinessLabel({ ...base, review_status: 'failed', review_passed: false, status: 'failed' })).toBe(
      'review_failed',
    );
    expect(readinessLabel({ ...base, generation_ready: false })).toBe('preparing');
    expect(readinessLabel({ ...base, status: 'disabled' })).toBe('disabled');
  });
});
