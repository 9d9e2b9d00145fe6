import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';
import { createQueryClient } from '@/app/query-client';
import { ConnectionForm } from '@/features/settings/connection-form';
import { BOOTSTRAP_LOCAL, json, mockFetch } from '@/test/fetch-mock';

function renderForm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ConnectionForm />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useConnectionStore.setState({ baseUrl: '', apiKey: '', remember: false, keySource: 'none' });
});
afterEach(() => vi.unstubAllGlobals());

describe('Settings: where the dashboard may connect', () => {
  it('served by the Media Studio server, another Base URL is refused with a pointer to proxy mode', async () => {
    mockFetch({ 'GET /bootstrap': () => json(BOOTSTRAP_LOCAL) });
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Base URL'), 'https://api.example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent(/cannot work here.*UPSTREAM_BASE_URL/);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(useConnectionStore.getState().baseUrl).toBe('');
  });

  it('built alone on a static host, any Base URL is allowed with the CORS and key warning', async () => {
    mockFetch({
      'GET /bootstrap': () => new Response('<html>static host</html>', { status: 404 }),
      // The API does not allow this origin: the browser reports a bare network failure.
      'GET /v1/assets': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Base URL'), 'https://api.example.com');
    await user.type(screen.getByLabelText('API key'), 'sk-real');
    expect(await screen.findByRole('note')).toHaveTextContent(/key is held in this page.*CORS/);
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(/blocked the answer because of CORS/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(useConnectionStore.getState().baseUrl).toBe('https://api.example.com');
  });
});
