import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { estimateVideoTokens } from '@contract/usage';
import { BOOTSTRAP_LOCAL, json, mockFetch } from '@/test/fetch-mock';
import { renderRoutes } from '@/test/render';
import { ComposerPage } from './composer-page';
import { useComposerDraftStore } from './composer-draft-store';
import { EMPTY_COMPOSER_DRAFT } from './draft';

function TaskStub() {
  return <p>monitor {useParams().id}</p>;
}

beforeEach(() => {
  useComposerDraftStore.setState({ draft: { ...EMPTY_COMPOSER_DRAFT, references: [] } });
});

const tokensText = (n: number) => `≈ ${n.toLocaleString('en')} tokens`;

describe('ComposerPage create bar', { timeout: 30_000 }, () => {
  it('estimates usage.total_tokens by the local formula as duration, resolution and references change', async () => {
    mockFetch({ 'GET /bootstrap': () => json(BOOTSTRAP_LOCAL) });
    renderRoutes({ '/composer': <ComposerPage /> }, { at: '/composer' });
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

  it('creates the task with Ctrl+Enter from the prompt, through the same checks as the button', async () => {
    const posts: unknown[] = [];
    mockFetch({
      'GET /bootstrap': () => json(BOOTSTRAP_LOCAL),
      'POST /v1/videos': (_url, init) => {
        posts.push(JSON.parse(String(init!.body)));
        return json({ object: 'task', id: 'task_kbd', status: 'pending', model: 'video-2.0-cl' });
      },
    });
    renderRoutes({ '/composer': <ComposerPage />, '/tasks/:id': <TaskStub /> }, { at: '/composer' });
    const user = userEvent.setup();
    const prompt = screen.getByRole('combobox', { name: 'Prompt' });
    // An empty draft is refused locally: the shortcut runs the form's checks, nothing is sent.
    await user.click(prompt);
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByTestId('validation-summary')).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await user.type(prompt, 'A fox at dawn');
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('monitor task_kbd')).toBeInTheDocument();
    expect(posts).toEqual([expect.objectContaining({ prompt: 'A fox at dawn' })]);
  });
});
