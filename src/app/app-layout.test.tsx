import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';
import { createQueryClient } from '@/app/query-client';
import { AppRoutes } from '@/app/router';
import { i18n } from '@/lib/i18n';
import { markFirstPageSettled } from '@/lib/first-paint';
import { BOOTSTRAP_LOCAL, json, LIST_ENVELOPE, mockFetch } from '@/test/fetch-mock';

function renderAt(path: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Pages are lazy chunks imported cold in jsdom: on a busy machine that takes seconds. */
const PAGE_LOAD = { timeout: 10_000 };

beforeEach(() => {
  // The header's connection check waits until the first page has painted its data (decision 246),
  // which page-prefetch.ts marks in the app; these tests are about what the check then shows.
  markFirstPageSettled();
  useConnectionStore.setState({ baseUrl: '', apiKey: '', remember: false, keySource: 'none' });
  mockFetch({
    'GET /bootstrap': () => json({ ...BOOTSTRAP_LOCAL, default_api_key: 'sk-local-dev' }),
    'GET /v1/assets': (_url, init) =>
      new Headers(init?.headers).get('Authorization') === 'Bearer sk-local-dev'
        ? json(LIST_ENVELOPE)
        : json({ error: { message: 'Missing key', type: 'authentication_error' } }, 401),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('AppLayout', () => {
  it('names every page in the navigation and marks the current one', async () => {
    renderAt('/tasks');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tasks' }, PAGE_LOAD)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const name of [
      'Assets',
      'Groups',
      'Composer',
      'Batches',
      'Digital human & music',
      'Tasks',
      'Gallery',
      'Usage',
      'Playground',
      'Settings',
    ]) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Tasks' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Composer' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toBeInTheDocument();
    // The first page is imported cold in jsdom (PAGE_LOAD).
  }, 15_000);

  it('adopts the bootstrap key on first open, keeps it out of localStorage, and shows the mode', async () => {
    renderAt('/playground');
    expect(await screen.findByText('Connected · local')).toBeInTheDocument();
    expect(useConnectionStore.getState()).toMatchObject({ apiKey: 'sk-local-dev', keySource: 'bootstrap' });
    expect(localStorage.getItem('media-studio.connection') ?? '').not.toContain('sk-local-dev');
  });

  it('navigates between pages', async () => {
    const user = userEvent.setup();
    renderAt('/composer');
    await screen.findByRole('heading', { level: 1, name: 'Composer' }, PAGE_LOAD);
    await user.click(screen.getByRole('link', { name: 'Playground' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Playground' }, PAGE_LOAD),
    ).toBeInTheDocument();
    expect(document.title).toBe('Playground · Media Studio');
  });

  it('shows a 404 page for unknown paths', async () => {
    renderAt('/nowhere');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }, PAGE_LOAD),
    ).toBeInTheDocument();
    expect(screen.getByText(/There is no page at \/nowhere/)).toBeInTheDocument();
  });

  it('switches the theme and the language from the header', async () => {
    const user = userEvent.setup();
    renderAt('/tasks');
    await screen.findByRole('heading', { level: 1, name: 'Tasks' }, PAGE_LOAD);
    await user.click(
      within(screen.getByRole('group', { name: 'Theme' })).getByRole('button', { name: 'Dark' }),
    );
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem('media-studio.theme')).toBe('dark');
    await user.click(
      within(screen.getByRole('group', { name: 'Theme' })).getByRole('button', { name: 'Light' }),
    );
    expect(document.documentElement).not.toHaveClass('dark');

    await user.selectOptions(screen.getByLabelText('Language'), 'zh-CN');
    expect(await screen.findByRole('heading', { level: 1, name: '任务' }, PAGE_LOAD)).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('zh-CN');
    await user.selectOptions(screen.getByLabelText('语言'), 'en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tasks' }, PAGE_LOAD)).toBeInTheDocument();
  });

  it('asks for a key in place of the page when the server hands none out, sending no request that must fail', async () => {
    const fetchMock = mockFetch({
      // A server with its own API_KEYS: /bootstrap offers no key.
      'GET /bootstrap': () => json(BOOTSTRAP_LOCAL),
      'GET /v1/assets': (_url, init) =>
        new Headers(init?.headers).get('Authorization') === 'Bearer sk-own'
          ? json(LIST_ENVELOPE)
          : json({ error: { message: 'Wrong key', type: 'authentication_error' } }, 401),
    });
    // Its strings are not the first route's: they come with its code (the first test to show it).
    const strings = vi.spyOn(i18n, 'loadNamespaces');
    const user = userEvent.setup();
    renderAt('/tasks');
    expect(await screen.findByRole('heading', { name: 'An API key is needed' })).toBeInTheDocument();
    expect(strings).toHaveBeenCalledWith(['key-prompt']);
    strings.mockRestore();
    expect(screen.queryByRole('heading', { level: 1, name: 'Tasks' })).not.toBeInTheDocument();
    const v1Calls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/v1/'));
    expect(v1Calls()).toHaveLength(0);

    await user.type(screen.getByLabelText('API key'), 'sk-wrong');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText(/The server rejected this key/)).toBeInTheDocument();
    expect(useConnectionStore.getState().apiKey).toBe('');

    await user.clear(screen.getByLabelText('API key'));
    await user.type(screen.getByLabelText('API key'), 'sk-own');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    // Back on the page that was opened, with the key saved for this tab only.
    expect(await screen.findByRole('heading', { level: 1, name: 'Tasks' }, PAGE_LOAD)).toBeInTheDocument();
    expect(useConnectionStore.getState()).toMatchObject({ apiKey: 'sk-own', remember: false });
    expect(localStorage.getItem('media-studio.connection') ?? '').not.toContain('sk-own');
  });

  it('keeps Settings reachable without a key', async () => {
    mockFetch({ 'GET /bootstrap': () => json(BOOTSTRAP_LOCAL) });
    renderAt('/settings');
    // The settings chunk is imported cold here; on a busy machine that takes more than a second.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Settings' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'An API key is needed' })).not.toBeInTheDocument();
  });
});
