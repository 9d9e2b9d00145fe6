import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/api/api-client';
import { LazyErrorAlert } from '@/components/lazy-error-alert';
import { renderWithProviders } from '@/test/render';

/**
 * The full alert's code does not arrive (offline, a new deploy), until vi.doUnmock. Resolves once
 * the alert has asked for it and been refused.
 */
function failTheFetch(): Promise<void> {
  let refused!: () => void;
  const asked = new Promise<void>((resolve) => (refused = resolve));
  vi.doMock('./error-alert', () => {
    refused();
    throw new TypeError('Failed to fetch dynamically imported module: /assets/error-alert.js');
  });
  // The refusal reaches the alert a task later.
  return asked.then(() => new Promise((resolve) => setTimeout(resolve, 0)));
}

afterEach(() => {
  vi.doUnmock('./error-alert');
});

// The tests that fail the fetch come first: once the full alert has arrived, it is what shows.

const refused = new ApiRequestError({
  status: 400,
  message: 'page_size must be 1 to 100',
  requestId: 'req_9',
});

describe('LazyErrorAlert (decision 541)', () => {
  it('keeps the headline, the message and the buttons in view when the full alert cannot be fetched', async () => {
    const refusal = failTheFetch();
    const onRetry = vi.fn();
    renderWithProviders(
      <LazyErrorAlert
        error={refused}
        title="The asset library could not be loaded."
        onRetry={onRetry}
        actions={<button type="button">Switch to the default group</button>}
        headingLevel="h2"
      />,
    );
    await refusal;
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { level: 2 })).toHaveTextContent(
      'The asset library could not be loaded.',
    );
    expect(alert).toHaveTextContent('page_size must be 1 to 100');
    expect(within(alert).getByRole('button', { name: 'Switch to the default group' })).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.queryByText('Details')).toBeNull();
  });

  it('offers no Try again where asking again cannot help, as the full alert', async () => {
    const refusal = failTheFetch();
    const missing = new ApiRequestError({ status: 404, message: 'no such group', code: 'group_not_found' });
    renderWithProviders(<LazyErrorAlert error={missing} title="Could not load" onRetry={vi.fn()} />);
    await refusal;
    expect(screen.getByRole('alert')).toHaveTextContent('This group does not exist');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says what failed at once, then shows the full alert with its details once its code is in', async () => {
    const onRetry = vi.fn();
    renderWithProviders(
      <LazyErrorAlert error={new TypeError('Failed to fetch')} title="Could not load" onRetry={onRetry} />,
    );
    // The same headline as the full alert (a known failure in plain words), before any fetch.
    const standIn = screen.getByRole('alert');
    expect(standIn).toHaveTextContent('The server could not be reached');
    expect(standIn).not.toHaveTextContent('Could not load');
    expect(within(standIn).getByRole('button', { name: 'Try again' })).toBeInTheDocument();

    expect(await screen.findByText('Details')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The server could not be reached');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});
