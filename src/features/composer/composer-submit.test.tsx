import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { estimateVideoTokens } from '@contract/usage';
import { json } from '@/test/fetch-mock';
import { EMPTY_COMPOSER_DRAFT } from '@/lib/video-draft/draft';
import { useComposerDraftStore } from './composer-draft-store';
import { composerPageSetup, mockComposerFetch, postedBodies } from './composer-test-setup';
import { useVariationsStore } from './variations/variations-store';

const { renderComposer } = composerPageSetup();
afterEach(() => useVariationsStore.setState({ variations: null }));

const tokensText = (n: number) => `≈ ${n.toLocaleString('en')} tokens`;

describe('ComposerPage create bar', { timeout: 30_000 }, () => {
  it('estimates usage.total_tokens by the local formula as duration, resolution and references change', async () => {
    mockComposerFetch();
    renderComposer();
    const user = userEvent.setup();
    const estimate = screen.getByTestId('token-estimate');
    expect(estimate).toHaveTextContent(tokensText(estimateVideoTokens({})!));

    const duration = screen.getByRole('spinbutton', { name: /duration/i });
    await user.clear(duration);
    await user.type(duration, '10');
    const tenSeconds = estimateVideoTokens({ duration: 10 })!;
    expect(estimate).toHaveTextContent(tokensText(tenSeconds));

    await user.click(screen.getByRole('radio', { name: '480p' }));
    const small = estimateVideoTokens({ duration: 10, resolution: '480p' })!;
    expect(small).toBeLessThan(tenSeconds);
    expect(estimate).toHaveTextContent(tokensText(small));

    // A reference video bills by the with-video-input rule: the estimate doubles.
    await user.click(screen.getByRole('button', { name: 'Add reference video' }));
    await user.click(screen.getByLabelText('Media of reference 1'));
    await user.paste('https://e.com/v.mp4');
    expect(estimate).toHaveTextContent(tokensText(small * 2));

    await user.clear(duration);
    await user.type(duration, '99');
    expect(estimate).toHaveTextContent('No estimate until the duration and resolution are valid');
  });

  it('says in plain words what the estimate is, and where prices are entered to see money', async () => {
    mockComposerFetch();
    renderComposer();
    const bar = screen.getByTestId('composer-action-bar');
    expect(bar).not.toHaveTextContent('usage.total_tokens');
    // Prices exist (Settings): a note that they are "set outside the API" sent people nowhere.
    expect(bar).not.toHaveTextContent('prices are set outside the API');
    expect(
      screen.getByRole('link', {
        name: 'Enter your prices in Settings to see the cost here',
        // The note shows from xl up (the sticky bar of a phone keeps to the estimate and the button).
        hidden: true,
      }),
    ).toHaveAttribute('href', '/settings#prices');
  });

  it('creates the task with Ctrl+Enter from the prompt, through the same checks as the button', async () => {
    const fetchMock = mockComposerFetch({
      'POST /v1/videos': () =>
        json({ object: 'task', id: 'task_kbd', status: 'pending', model: 'video-2.0-cl' }),
    });
    renderComposer();
    const user = userEvent.setup();
    const prompt = screen.getByRole('combobox', { name: 'Prompt' });
    // A draft the checks refuse (a callback that is no URL) is not sent: the shortcut runs them.
    const callback = screen.getByLabelText('Callback URL (webhook)');
    await user.type(callback, 'not a url');
    await user.click(prompt);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByTestId('validation-summary')).toBeInTheDocument();
    expect(postedBodies(fetchMock)).toEqual([]);
    // The action bar, stuck to a phone's screen far below the field, says so and goes there.
    await user.click(
      within(screen.getByTestId('composer-action-bar')).getByRole('button', { name: /problem to fix/ }),
    );
    await waitFor(() => expect(callback).toHaveFocus());

    await user.clear(callback);
    await user.type(prompt, 'A fox at dawn');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('monitor task_kbd')).toBeInTheDocument();
    expect(postedBodies(fetchMock)).toEqual([expect.objectContaining({ prompt: 'A fox at dawn' })]);
  });

  it("shows a variant's problem with the form's own on the first press, not after they are fixed", async () => {
    const fetchMock = mockComposerFetch();
    useComposerDraftStore.setState({ draft: { ...EMPTY_COMPOSER_DRAFT, prompt: 'a fox', ratio: '16x9' } });
    useVariationsStore.setState({ variations: { param: 'duration', values: ['5', '99'] } });
    renderComposer();
    await userEvent.click(screen.getByRole('button', { name: 'Create 2 tasks' }));
    expect(screen.getByTestId('validation-summary')).toBeInTheDocument();
    expect(screen.getByLabelText('Duration (seconds) of variant 2')).toHaveAttribute('aria-invalid', 'true');
    expect(postedBodies(fetchMock)).toEqual([]);
  });
});
