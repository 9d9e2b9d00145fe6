import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';
import { createQueryClient } from '@/app/query-client';
import { AppRoutes } from '@/app/router';
import { markFirstPageSettled } from '@/lib/first-paint';
import { BOOTSTRAP_LOCAL, json, LIST_ENVELOPE, mockFetch } from '@/test/fetch-mock';

beforeEach(() => {
  // The header's connection check waits until the first page has painted its data (decision 246),
  // which page-prefetch.ts marks in the app; these tests are about what the check then shows.
  markFirstPageSettled();
  useConnectionStore.setState({ baseUrl: '', apiKey: 'sk-browser', remember: false, keySource: 'user' });
  mockFetch({
    'GET /bootstrap': () =>
      json({
        ...BOOTSTRAP_LOCAL,
        mode: 'proxy',
        // Asked without a key, the server names only the host (issue 41).
        upstream_host: 'api.example.com',
        local_features: [],
      }),
    'GET /v1/assets': () => json(LIST_ENVELOPE),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('header in proxy mode', () => {
  it('names the mode and the upstream host on every page', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/assets']}>
          <AppRoutes />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // The layout's code is imported cold in jsdom: over findBy's default second on a busy machine
    // (a full unit run beside other work failed here). The bound is a hang's, not a wait.
    expect(await screen.findByText('Proxy → api.example.com', {}, { timeout: 4_000 })).toBeInTheDocument();
    // The header belongs to the layout around every page.
    for (const page of ['Tasks', 'Playground', 'Settings']) {
      await user.click(screen.getByRole('link', { name: page }));
      // The link turns current once the page's code has arrived (the old page stays until then).
      expect(
        await screen.findByRole('link', { name: page, current: 'page' }, { timeout: 4_000 }),
      ).toBeVisible();
      expect(screen.getByText('Proxy → api.example.com')).toBeInTheDocument();
    }
    expect(screen.getByText(/forwards every request to the API at api\.example\.com/)).toBeInTheDocument();
    // Settings' server card names the upstream by its host when the base URL is not told.
    expect((await screen.findByText('Forwards to')).nextElementSibling).toHaveTextContent('api.example.com');
    // Three pages imported cold in jsdom: seconds on a busy machine.
  }, 15_000);
});
