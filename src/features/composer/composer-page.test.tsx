import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { systemQueries } from '@/api/system';
import { BOOTSTRAP_LOCAL, json } from '@/test/fetch-mock';
import { COMPOSER_DRAFT_STORAGE_KEY, useComposerDraftStore } from './composer-draft-store';
import { composerPageSetup, mockComposerFetch, postedBodies } from './composer-test-setup';
import { EMPTY_COMPOSER_DRAFT } from '@/lib/video-draft/draft';

const { registry, renderComposer } = composerPageSetup();

// The page is large and the machine shared: typing through userEvent takes its time.
describe('ComposerPage', { timeout: 30_000 }, () => {
  it('sends the draft, records the task with its exact body and opens it in the monitor', async () => {
    const fetchMock = mockComposerFetch({
      'POST /v1/videos': () =>
        json({ object: 'task', id: 'task_abc', status: 'pending', model: 'video-2.0-cl' }),
    });
    renderComposer();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add reference video' }));
    await user.click(screen.getByLabelText('Media of reference 1'));
    await user.paste('https://e.com/v.mp4');
    const prompt = screen.getByRole('combobox', { name: 'Prompt' });
    await user.type(prompt, 'Hello @');
    // The listbox offers the alias the new row got; arrow keys move, Enter takes it.
    const option = within(screen.getByRole('listbox', { name: 'Aliases' })).getByRole('option', {
      name: '@video1',
    });
    expect(prompt).toHaveAttribute('aria-activedescendant', option.id);
    await user.keyboard('{Enter}');
    expect(prompt).toHaveValue('Hello @video1 ');
    expect(screen.getByText('Billed with video input')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create video task' }));
    expect(await screen.findByText('monitor task_abc')).toBeInTheDocument();
    const [sent] = postedBodies(fetchMock);
    expect(sent).toEqual({
      model: 'video-2.0-cl',
      prompt: 'Hello @video1 ',
      references: [
        { media_type: 'video', role: 'reference_video', url: 'https://e.com/v.mp4', alias: 'video1' },
      ],
      duration: 5,
      ratio: '16:9',
      resolution: '720p',
      generate_audio: true,
      watermark: false,
    });
    expect(registry().get('task_abc')).toMatchObject({ kind: 'video', source: 'composer', request: sent });
  });

  it('puts a server refusal on the field its param names and keeps the request id', async () => {
    mockComposerFetch({
      'POST /v1/videos': () =>
        json(
          {
            error: {
              message: 'references[1].alias: alias "b" is used twice',
              type: 'invalid_request_error',
              code: 'invalid_request',
              param: 'references[1].alias',
            },
            request_id: 'req_42',
            trace_id: 'trace_42',
          },
          400,
        ),
    });
    useComposerDraftStore.setState({
      draft: {
        ...EMPTY_COMPOSER_DRAFT,
        prompt: '@a and @b',
        references: [
          { key: 'r1', role: 'reference_image', mediaType: 'image', alias: 'a', url: 'https://e.com/1.png' },
          { key: 'r2', role: 'reference_image', mediaType: 'image', alias: 'b', url: 'https://e.com/2.png' },
        ],
      },
    });
    renderComposer();
    await userEvent.click(screen.getByRole('button', { name: 'Create video task' }));
    const alias = screen.getByLabelText('Alias of reference 2');
    await waitFor(() => expect(alias).toHaveAttribute('aria-invalid', 'true'));
    expect(alias).toHaveAccessibleDescription('references[1].alias: alias "b" is used twice');
    expect(screen.getByLabelText('Alias of reference 1')).not.toHaveAttribute('aria-invalid');
    const banner = screen.getByTestId('submit-refusal');
    expect(banner).toHaveTextContent('req_42');
    expect(banner).toHaveTextContent('trace_42');
  });

  it('refuses an invalid draft without sending it, with translated messages on the fields', async () => {
    const fetchMock = mockComposerFetch();
    useComposerDraftStore.setState({
      draft: {
        ...EMPTY_COMPOSER_DRAFT,
        model: 'video-2.0-cl-fast',
        resolution: '1080p',
        ratio: '16x9',
        prompt: 'A @ghost',
      },
    });
    renderComposer();
    await userEvent.click(screen.getByRole('button', { name: 'Create video task' }));
    expect(screen.getByTestId('validation-summary')).toHaveTextContent('Fix these 2 problems');
    // With no alias defined, @ghost is prose (a handle): a warning, not one of the problems.
    expect(screen.getByRole('combobox', { name: 'Prompt' })).toHaveAccessibleDescription(
      /@ghost is mentioned, but no reference has that alias/,
    );
    expect(
      screen.getByRole('radio', { name: '16:9 (landscape)' }).closest('fieldset'),
    ).toHaveAccessibleDescription(
      'Write the ratio as width:height with two positive numbers, for example 16:9 or 2.39:1.',
    );
    expect(screen.getByRole('radio', { name: '1080p' }).closest('fieldset')).toHaveAccessibleDescription(
      'video-2.0-cl-fast does not offer 1080p: choose 480p, 720p.',
    );
    expect(postedBodies(fetchMock)).toEqual([]);
  });

  it('edit and re-run loads the recorded request of a task into the draft, with undo', async () => {
    mockComposerFetch();
    useComposerDraftStore.setState({ draft: { ...EMPTY_COMPOSER_DRAFT, prompt: 'my old draft' } });
    registry().track({
      id: 'task_old',
      kind: 'video',
      createdAt: 1,
      source: 'composer',
      request: {
        model: 'video-2.0-cl-mini',
        prompt: 'again @x',
        duration: 7,
        references: [{ role: 'reference_image', url: 'https://e.com/x.png', alias: 'x' }],
      },
    });
    renderComposer('/composer?from=task_old');
    const prompt = await screen.findByDisplayValue('again @x');
    expect(prompt).toBeInTheDocument();
    expect(screen.getByLabelText('Duration (seconds)')).toHaveValue(7);
    expect(screen.getByRole('radio', { name: 'video-2.0-cl-mini' })).toBeChecked();
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }, { timeout: 5000 }));
    expect(screen.getByRole('combobox', { name: 'Prompt' })).toHaveValue('my old draft');
  });

  it('edit and re-run rebuilds the request from GET /v1/tasks/{id} when none was recorded', async () => {
    mockComposerFetch({
      'GET /v1/tasks/task_ext': () =>
        json({
          object: 'task',
          id: 'task_ext',
          status: 'failed',
          model: 'video-2.0-cl-fast',
          prompt: 'from the server @v',
          duration: 9,
          ratio: '9:16',
          resolution: '480p',
          generate_audio: false,
          input_references: [
            { alias: 'v', role: 'reference_video', type: 'video', url: 'https://e.com/v.mp4' },
          ],
        }),
    });
    renderComposer('/composer?from=task_ext');
    expect(await screen.findByDisplayValue('from the server @v')).toBeInTheDocument();
    expect(
      await screen.findByText(/Rebuilt the request of task task_ext/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Alias of reference 1')).toHaveValue('v');
    expect(screen.getByRole('radio', { name: /9:16/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Generate audio' })).not.toBeChecked();
  });

  it('fills callback_url with a webhook inbox of this server in local mode, and links to its deliveries', async () => {
    mockComposerFetch();
    renderComposer();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a webhook inbox' }));
    const field = screen.getByLabelText('Callback URL (webhook)');
    expect((field as HTMLInputElement).value).toMatch(
      new RegExp(`^${window.location.origin}/webhooks/inbox/composer-[a-z0-9]{6,}$`),
    );
    const name = (field as HTMLInputElement).value.split('/').pop()!;
    expect(screen.getByRole('link', { name: new RegExp(name) })).toHaveAttribute(
      'href',
      `/tasks?tab=inbox&inbox=${name}`,
    );
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('offers no inbox when the server is not the local one', async () => {
    mockComposerFetch({ 'GET /bootstrap': () => json({ ...BOOTSTRAP_LOCAL, mode: 'proxy' }) });
    const { client } = renderComposer();
    await screen.findByLabelText('Callback URL (webhook)');
    // Absent after the server said it is a proxy, not merely before it answered.
    const bootstrapQuery = () =>
      client
        .getQueryCache()
        .find<{ mode: string }>({ queryKey: [...systemQueries.all(), 'bootstrap'], exact: false });
    await waitFor(() => expect(bootstrapQuery()?.state.data?.mode).toBe('proxy'));
    expect(screen.queryByRole('button', { name: 'Use a webhook inbox' })).toBeNull();
  });

  it('keeps the draft in localStorage, but never a callback_url that carries the API key', async () => {
    const { useConnectionStore } = await import('@/api/connection-store');
    act(() => useConnectionStore.setState({ apiKey: 'sk-secret-key-123' }));
    act(() =>
      useComposerDraftStore
        .getState()
        .draftChanged({ prompt: 'kept', callbackUrl: 'https://e.com/h/sk-secret-key-123' }),
    );
    const stored = JSON.parse(localStorage.getItem(COMPOSER_DRAFT_STORAGE_KEY)!).state.draft;
    expect(stored.prompt).toBe('kept');
    expect(stored.callbackUrl).toBe('');
    expect(localStorage.getItem(COMPOSER_DRAFT_STORAGE_KEY)).not.toContain('sk-secret-key-123');
    act(() => useConnectionStore.setState({ apiKey: '' }));
  });
});
