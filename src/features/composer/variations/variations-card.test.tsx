import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { EMPTY_COMPOSER_DRAFT } from '@/lib/video-draft/draft';
import type { DraftIssue } from '@/lib/video-draft/validation';
import { VariationsCard } from './variations-card';

const required: DraftIssue = { field: 'prompt', code: 'required', severity: 'error' };

function renderCard(revealed: boolean) {
  const draft = { ...EMPTY_COMPOSER_DRAFT, prompt: 'A lighthouse' };
  return renderWithProviders(
    <VariationsCard
      draft={draft}
      variations={{ param: 'prompt', values: ['A lighthouse at dawn', ''] }}
      issues={[[], [required]]}
      revealed={revealed}
      onChange={vi.fn()}
    />,
  );
}

describe('VariationsCard', () => {
  it('does not show a freshly added variant as wrong before it is left', () => {
    renderCard(false);
    const fresh = screen.getByLabelText('Prompt of variant 2');
    expect(fresh).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByTestId('variant-issues')).not.toBeInTheDocument();
    fireEvent.focus(fresh);
    fireEvent.blur(fresh);
    expect(fresh).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('variant-issues')).toBeVisible();
    // The one that was never left stays quiet.
    expect(screen.getByLabelText('Prompt of variant 1')).not.toHaveAttribute('aria-invalid');
  });

  it('shows every variant problem once a submit was tried', () => {
    renderCard(true);
    expect(screen.getByLabelText('Prompt of variant 2')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('variant-issues')).toBeVisible();
  });
});
