import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageCount, Pagination } from '@/components/pagination';
import { renderWithProviders } from '@/test/render';

describe('Pagination', () => {
  it('counts at least one page', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(41, 20)).toBe(3);
  });

  it('moves one page at a time and cannot step past either end', async () => {
    const onPage = vi.fn();
    const { rerender } = renderWithProviders(
      <Pagination page={1} pageSize={20} total={45} onPage={onPage} />,
    );
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
    rerender(<Pagination page={3} pageSize={20} total={45} onPage={onPage} showRange label="Asset pages" />);
    expect(screen.getByRole('navigation', { name: 'Asset pages' })).toHaveTextContent('41–45 of 45');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });
});
