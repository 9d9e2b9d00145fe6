import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/api/api-client';
import { directivesText, NO_FAULT } from '@/api/local-double';
import { testConnection } from '@/api/system';
import { ErrorAlert } from '@/components/error-alert';
import { TestFaultsPanel } from '@/features/settings/test-faults-panel';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

afterEach(() => vi.unstubAllGlobals());

describe('Test faults panel (issue 44 §5)', () => {
  it('switches a scoped 429 on with PUT /v1/local/double, shows it, and clears it with one click', async () => {
    let directives: Record<string, unknown> = {};
    const sent: string[] = [];
    mockFetch({
      'GET /v1/local/double': () => json({ object: 'local_double', directives }),
      'PUT /v1/local/double': (_url, init) => {
        sent.push((JSON.parse(String(init?.body)) as { directives: string }).directives);
        directives = { fault: '429', retryAfter: 3, path: '/v1/assets', method: 'GET', times: 2 };
        return json({ object: 'local_double', directives });
      },
      'DELETE /v1/local/double': () => {
        directives = {};
        return json({ object: 'local_double', directives });
      },
    });
    renderWithProviders(<TestFaultsPanel />);
    expect(await screen.findByText('No fault is on: the server answers normally.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Fault'), '429 rate limited, with Retry-After');
    await user.clear(screen.getByLabelText('Retry-After (seconds)'));
    await user.type(screen.getByLabelText('Retry-After (seconds)'), '3');
    await user.type(screen.getByLabelText('Only paths starting with'), '/v1/assets');
    await user.selectOptions(screen.getByLabelText('Only this method'), 'GET');
    await user.type(screen.getByLabelText('Number of times'), '2');
    await user.click(screen.getByRole('button', { name: 'Switch on' }));
    expect(sent).toEqual(['fault=429; retry-after=3; path=%2Fv1%2Fassets; method=GET; times=2']);
    expect(
      await screen.findByText('429 with Retry-After 3 s on GET /v1/assets, 2 more times'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear all faults' }));
    await waitFor(() =>
      expect(screen.getByText('No fault is on: the server answers normally.')).toBeInTheDocument(),
    );
  });

  it('writes outcomes with percent-encoded values', () => {
    expect(
      directivesText({
        ...NO_FAULT,
        kind: 'none',
        taskOutcome: 'failed',
        taskMessage: 'a;b',
        assetOutcome: 'disabled',
      }),
    ).toBe('task-fail=generation_failed; task-message=a%3Bb; asset=disabled');
  });
});

describe('a spent quota (402)', () => {
  it('is named as the quota by the connection check, not as a server error', async () => {
    mockFetch({
      'GET /v1/assets': () =>
        json(
          { error: { message: 'Insufficient quota', type: 'quota_error', code: 'insufficient_quota' } },
          402,
        ),
    });
    expect((await testConnection({ baseUrl: '', apiKey: 'k' })).kind).toBe('quota');
  });

  it('offers no Try again, and names the quota as the cause', () => {
    const error = new ApiRequestError({ status: 402, message: 'Insufficient quota', type: 'quota_error' });
    renderWithProviders(
      <ErrorAlert error={error} title="The asset library could not be loaded." onRetry={() => {}} />,
    );
    expect(screen.getByText('The quota is spent')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /try again/i })).toBeNull();
  });
});
