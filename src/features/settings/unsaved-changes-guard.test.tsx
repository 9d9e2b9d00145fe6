import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes, unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';
import { createQueryClient } from '@/app/query-client';
import { ConnectionForm } from '@/features/settings/connection-form';
import { createGuardedHistory } from '@/lib/navigation-guard';
import { BOOTSTRAP_LOCAL, json, mockFetch } from '@/test/fetch-mock';

function renderSettings() {
  window.history.replaceState(null, '', '/settings');
  render(
    <QueryClientProvider client={createQueryClient()}>
      <HistoryRouter history={createGuardedHistory()}>
        <Link to="/tasks">Tasks</Link>
        <Routes>
          <Route path="/settings" element={<ConnectionForm />} />
          <Route path="/tasks" element={<h1>Tasks page</h1>} />
        </Routes>
      </HistoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  useConnectionStore.setState({ baseUrl: '', apiKey: 'sk-saved', remember: false, keySource: 'user' });
  mockFetch({ 'GET /bootstrap': () => json(BOOTSTRAP_LOCAL) });
});
afterEach(() => vi.unstubAllGlobals());

describe('leaving Settings with unsaved changes', () => {
  it('asks in the page: stay keeps the edit, leave follows the link', async () => {
    const user = userEvent.setup();
    renderSettings();
    const key = screen.getByLabelText('API key');
    await user.clear(key);
    await user.type(key, 'sk-new');

    await user.click(screen.getByRole('link', { name: 'Tasks' }));
    const dialog = await screen.findByRole(
      'alertdialog',
      { name: 'Leave without saving?' },
      { timeout: 5_000 },
    );
    expect(dialog).toHaveTextContent(/unsaved changes/);
    expect(window.location.pathname).toBe('/settings');
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('API key')).toHaveValue('sk-new');

    await user.click(screen.getByRole('link', { name: 'Tasks' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'Tasks page' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/tasks');
    // Nothing was saved.
    expect(useConnectionStore.getState().apiKey).toBe('sk-saved');
  });

  it('holds nothing while the form matches what is saved, and asks the browser on unload only while dirty', async () => {
    const user = userEvent.setup();
    renderSettings();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);

    await user.type(screen.getByLabelText('API key'), '-more');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);

    await user.clear(screen.getByLabelText('API key'));
    await user.type(screen.getByLabelText('API key'), 'sk-saved');
    await user.click(screen.getByRole('link', { name: 'Tasks' }));
    expect(await screen.findByRole('heading', { name: 'Tasks page' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
