import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/api/api-client';
import { ErrorAlert } from '@/components/error-alert';
import { renderRoutes, renderWithProviders } from '@/test/render';

const refused = new ApiRequestError({
  status: 400,
  message: 'duration must be 4 to 15',
  type: 'invalid_request_error',
  code: 'invalid_request',
  param: 'duration',
  requestId: 'req_1',
  traceId: 'trace_1',
});

describe('ErrorAlert', () => {
  it('shows an unmapped error by its message, with every id under open details', () => {
    renderWithProviders(<ErrorAlert error={refused} title="The server refused the request" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The server refused the request');
    expect(alert).toHaveTextContent('duration must be 4 to 15');
    const details = alert.querySelector('details')!;
    expect(details.open).toBe(true);
    for (const text of ['400', 'invalid_request_error', 'invalid_request', 'duration', 'req_1', 'trace_1']) {
      expect(within(details).getByText(text)).toBeInTheDocument();
    }
    expect(within(alert).getByRole('button', { name: 'Copy request ID' })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Copy details' })).toBeInTheDocument();
  });

  it('says in plain words that the server could not be reached, whoever threw it', async () => {
    const onRetry = vi.fn();
    renderWithProviders(
      <ErrorAlert error={new TypeError('Failed to fetch')} title="Could not load" onRetry={onRetry} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The server could not be reached');
    expect(alert).not.toHaveTextContent('Could not load');
    // The browser's English text is kept for support, but only under the closed details.
    expect(alert.querySelector('details')!.open).toBe(false);
    expect(within(alert).queryByText('Failed to fetch')).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('sends a refused key to Settings, inside a router or not', async () => {
    const denied = new ApiRequestError({ status: 401, message: 'Invalid API key' });
    const outside = renderWithProviders(<ErrorAlert error={denied} title="Could not load" />);
    expect(screen.getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/settings');
    outside.unmount();
    const { router } = renderRoutes(
      {
        '/': <ErrorAlert error={denied} title="Could not load" />,
        '/settings': <p>Settings page</p>,
      },
      { at: '/' },
    );
    await userEvent.click(screen.getByRole('link', { name: 'Open Settings' }));
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('keeps the caller’s headline and sentence when asked, and can be dismissed', async () => {
    const onDismiss = vi.fn();
    const notFound = new ApiRequestError({ status: 404, message: 'No task task_x', code: 'task_not_found' });
    renderWithProviders(
      <ErrorAlert
        error={notFound}
        title="Task not found"
        description="Check the id."
        headingLevel="h2"
        onDismiss={onDismiss}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Task not found' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Check the id.');
    expect(screen.getByRole('alert').querySelector('details')!.open).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('offers no retry for a group that does not exist', () => {
    const missing = new ApiRequestError({ status: 404, message: 'no group', code: 'group_not_found' });
    renderWithProviders(<ErrorAlert error={missing} title="Could not load" onRetry={() => undefined} />);
    expect(screen.getByRole('alert')).toHaveTextContent('This group does not exist');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
