import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useConnectionStore } from '@/api/connection-store';
import { createQueryClient } from '@/app/query-client';
import { ConnectionForm } from '@/features/settings/connection-form';
import { BOOTSTRAP_LOCAL, json, LIST_ENVELOPE, mockFetch } from '@/test/fetch-mock';

function renderForm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <ConnectionForm />
    </QueryClientProvider>,
  );
}

async function testWithKey(key: string) {
  const user = userEvent.setup();
  const input = screen.getByLabelText('API key');
  await user.clear(input);
  if (key) await user.type(input, key);
  await user.click(screen.getByRole('button', { name: 'Test connection' }));
}

beforeEach(() => {
  useConnectionStore.setState({ baseUrl: '', apiKey: '', remember: false, keySource: 'none' });
});
afterEach(() => vi.unstubAllGlobals());

describe('Settings: test connection', () => {
  it('reports success with the server mode and version', async () => {
    const fetch = mockFetch({
      'GET /v1/assets': () => json(LIST_ENVELOPE),
      'GET /bootstrap': () => json(BOOTSTRAP_LOCAL),
    });
    renderForm();
    await testWithKey('sk-local-dev');
    expect(
      await screen.findByText(
        /Connected: the server accepted the key\. It is the local server \(local mode, version 0\.1\.0\)/,
      ),
    ).toBeInTheDocument();
    const [, init] = fetch.mock.calls[0]!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer sk-local-dev');
  });

  it('says the server rejected the key on 401, with the request id', async () => {
    mockFetch({
      'GET /v1/assets': () =>
        json(
          { error: { message: 'Invalid API key', type: 'authentication_error' }, request_id: 'req_abc' },
          401,
        ),
    });
    renderForm();
    await testWithKey('sk-wrong');
    expect(await screen.findByText(/The server rejected the key \(HTTP 401\)/)).toBeInTheDocument();
    expect(screen.getByText('req_abc')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy request ID' })).toBeInTheDocument();
  });

  it('says the server is unreachable on a network error', async () => {
    mockFetch({});
    renderForm();
    await testWithKey('sk-x');
    expect(
      await screen.findByText(/Could not reach http:\/\/localhost:3000\. The server may be down/),
    ).toBeInTheDocument();
  });

  it('says it is not this API when the answer is HTML', async () => {
    mockFetch({
      'GET /v1/assets': () => new Response('<!doctype html><title>Shop</title>', { status: 200 }),
    });
    renderForm();
    await testWithKey('sk-x');
    expect(await screen.findByText(/answered, but not like this API/)).toBeInTheDocument();
  });

  it('says it is not this API when the JSON is not a list envelope', async () => {
    mockFetch({ 'GET /v1/assets': () => json({ hello: 'world' }) });
    renderForm();
    await testWithKey('sk-x');
    expect(await screen.findByText(/answered, but not like this API/)).toBeInTheDocument();
  });

  it('reports other HTTP errors with their message', async () => {
    mockFetch({
      'GET /v1/assets': () => json({ error: { message: 'Upstream is down', type: 'server_error' } }, 502),
    });
    renderForm();
    await testWithKey('sk-x');
    expect(await screen.findByText('The server answered HTTP 502: Upstream is down')).toBeInTheDocument();
  });

  it('asks for a key before testing', async () => {
    const fetch = mockFetch({});
    renderForm();
    await testWithKey('');
    expect(await screen.findByText(/Enter an API key first/)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('Settings: saving', () => {
  it('validates the base URL and saves the connection', async () => {
    const user = userEvent.setup();
    renderForm();
    const baseUrl = screen.getByLabelText('Base URL');
    await user.type(baseUrl, 'not a url');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(/Enter an address starting with http:\/\//)).toBeInTheDocument();
    expect(baseUrl).toHaveAttribute('aria-invalid', 'true');

    await user.clear(baseUrl);
    await user.type(baseUrl, 'https://api.example.com/');
    await user.type(screen.getByLabelText('API key'), 'sk-new');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(useConnectionStore.getState()).toMatchObject({
      baseUrl: 'https://api.example.com',
      apiKey: 'sk-new',
    });
    expect(localStorage.getItem('media-studio.connection')).not.toContain('sk-new');
  });

  it('on the form kit: a left field shows its problem, Save and Test focus it and send nothing', async () => {
    const fetch = mockFetch({});
    const user = userEvent.setup();
    renderForm();
    const baseUrl = screen.getByLabelText('Base URL');
    await user.type(baseUrl, 'ftp://x');
    expect(baseUrl).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(baseUrl).toHaveAttribute('aria-invalid', 'true');
    const message = document.getElementById(baseUrl.getAttribute('aria-describedby')!);
    expect(message).toHaveTextContent(/Enter an address starting with http:\/\//);

    await user.type(screen.getByLabelText('API key'), 'sk-x');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    await vi.waitFor(() => expect(baseUrl).toHaveFocus());
    expect(fetch).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(baseUrl).toHaveFocus());
    expect(useConnectionStore.getState().baseUrl).toBe('');
  });

  it('masks the key and toggles its visibility', async () => {
    const user = userEvent.setup();
    renderForm();
    const key = screen.getByLabelText('API key');
    expect(key).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show API key' }));
    expect(key).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide API key' }));
    expect(key).toHaveAttribute('type', 'password');
  });

  it('remembers the key on this device only while the box is ticked', async () => {
    const user = userEvent.setup();
    useConnectionStore.getState().connectionSaved({ baseUrl: '', apiKey: 'sk-keep', remember: false });
    renderForm();
    const remember = screen.getByRole('checkbox', { name: 'Remember on this device' });
    await user.click(remember);
    expect(localStorage.getItem('media-studio.connection')).toContain('sk-keep');
    await user.click(remember);
    expect(localStorage.getItem('media-studio.connection')).not.toContain('sk-keep');
  });
});

describe('Settings: image service prefix (decision 378)', () => {
  it('is /mj by default, saved with the connection, and compared with the server in the test', async () => {
    useConnectionStore.setState({ imagePrefix: '/mj' });
    mockFetch({
      'GET /v1/assets': () => json(LIST_ENVELOPE),
      'GET /bootstrap': () => json({ ...BOOTSTRAP_LOCAL, image_service_prefixes: ['/mj'] }),
    });
    renderForm();
    const user = userEvent.setup();
    const field = screen.getByLabelText('Image service prefix');
    expect(field).toHaveValue('/mj');
    await user.clear(field);
    await user.type(field, 'draw/');
    await testWithKey('sk-local-dev');
    expect(await screen.findByTestId('image-prefix-line')).toHaveTextContent(
      /Image service prefix \/draw: this server answers only at \/mj/,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(useConnectionStore.getState().imagePrefix).toBe('/draw');
  });

  it('refuses a prefix that is not a plain path', async () => {
    useConnectionStore.setState({ imagePrefix: '/mj' });
    renderForm();
    const user = userEvent.setup();
    const field = screen.getByLabelText('Image service prefix');
    await user.clear(field);
    await user.type(field, '/a b?x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(useConnectionStore.getState().imagePrefix).toBe('/mj');
  });
});
