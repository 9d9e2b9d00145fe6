import 'fake-indexeddb/auto';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '@/test/fetch-mock';
import { createTestQueryClient } from '@/test/render';
import { assetIdsOf, useBatchAssetLookup } from './batch-assets';
import { checkRow, taskKindOf } from './batch-check';
import { batchOf, runTaskRows } from './batch-fixtures';
import { starterRequest, type Batch } from './batch-model';
import { exportCsv, exportRows } from './batch-progress';

// Issue 45 §2 for digital humans: a row is the digital-human form's request, checked by its rules
// (the consent record included) and sent as its body to POST /v1/tasks.
const dhBatch = (headers: string[], rows: string[][], request?: Record<string, unknown>): Batch =>
  batchOf(
    'digital_human',
    headers,
    rows,
    request ?? { ...starterRequest('digital_human'), authorization_asset_id: 'asset_consent' },
  );

describe('digital-human batches', () => {
  it('maps columns to the digital-human fields and sends the form’s body, the consent never', () => {
    const batch = dhBatch(
      ['name', 'avatar', 'audio', 'duration'],
      [['Welcome', 'asset_avatar1', 'https://example.com/welcome.mp3', '5']],
    );
    expect(batch.columns).toEqual([
      { variable: 'name' },
      { field: 'avatar_asset_id' },
      { field: 'audio_url' },
      // A video's duration is no digital-human field: ignored, not sent.
      { ignore: true },
    ]);
    const check = checkRow(batch, batch.rows[0]!.cells);
    expect(check.issues).toEqual([]);
    expect(check.body).toEqual({
      model: 'digital-human-video-v8',
      avatar_asset_id: 'Asset://asset_avatar1',
      audio_url: 'https://example.com/welcome.mp3',
      name: 'Welcome',
    });
    expect(taskKindOf(batch.kind, check.body)).toBe('digital_human_video');
  });

  it('sends a public avatar as its id and an audio asset as its reference, as the form does', () => {
    const batch = dhBatch(['avatar', 'audio', 'name'], [['public_anna', 'asset_a1', 'Hi']]);
    expect(checkRow(batch, batch.rows[0]!.cells).body).toMatchObject({
      avatar_asset_id: 'public_anna',
      audio_url: 'Asset://asset_a1',
    });
  });

  it('checks a row with the form’s rules, each issue on its cell; the consent is required', () => {
    const batch = dhBatch(
      ['name', 'avatar', 'audio'],
      [
        ['Welcome', '', 'ftp://example.com/a.mp3'],
        ['Thanks', 'asset_a', 'https://example.com/t.mp3'],
      ],
      { model: 'digital-human-video-v8', avatar_asset_id: '', audio_url: '', name: '{{name}}' },
    );
    const bad = checkRow(batch, batch.rows[0]!.cells);
    expect(bad.ok).toBe(false);
    expect(bad.issues).toEqual([
      { ns: 'batches', code: 'digitalHuman.avatarRequired', severity: 'error', column: 1 },
      { ns: 'batches', code: 'digitalHuman.audioUrlInvalid', severity: 'error', column: 2 },
      { ns: 'batches', code: 'digitalHuman.authorizationRequired', severity: 'error' },
    ]);
    // A consent column fills it per row (each person shown gives their own).
    const perRow = dhBatch(['avatar', 'audio', 'consent'], [['asset_a', 'https://e.com/a.mp3', 'asset_c']], {
      model: 'digital-human-video-v8',
      avatar_asset_id: '',
      audio_url: '',
    });
    expect(perRow.columns[2]).toEqual({ field: 'authorization_asset_id' });
    expect(
      checkRow(
        { ...perRow, request: { ...perRow.request, authorization_asset_id: '' } },
        perRow.rows[0]!.cells,
      ).ok,
    ).toBe(true);
  });

  it('makes spoken audio by the audio model: text and voice, checked and sent as the form sends them', () => {
    const request = {
      model: 'digital-human-audio-v8',
      text: '',
      voice_asset_id: '',
      authorization_asset_id: 'Asset://asset_consent',
    };
    const batch = dhBatch(
      ['text', 'voice'],
      [
        ['Hello there', 'asset_voice'],
        ['', 'asset_voice'],
      ],
      request,
    );
    expect(batch.columns).toEqual([{ field: 'text' }, { field: 'voice_asset_id' }]);
    const ok = checkRow(batch, batch.rows[0]!.cells);
    expect(ok.body).toEqual({
      model: 'digital-human-audio-v8',
      text: 'Hello there',
      voice_asset_id: 'Asset://asset_voice',
    });
    expect(taskKindOf(batch.kind, ok.body)).toBe('digital_human_audio');
    expect(checkRow(batch, batch.rows[1]!.cells).issues).toEqual([
      { ns: 'batches', code: 'digitalHuman.textRequired', severity: 'error', column: 0 },
    ]);
  });

  it('runs: each row is a digital-human task (POST /v1/tasks) of the batch, exported with its input row', async () => {
    const batch = {
      ...dhBatch(
        ['name', 'avatar', 'audio'],
        [
          ['Welcome', 'asset_a1', 'https://example.com/w.mp3'],
          ['Thanks', 'asset_a2', 'https://example.com/t.mp3'],
        ],
      ),
      concurrency: 2,
    };
    const { posts, registry, runner } = await runTaskRows(batch, 'dh');
    expect(posts.map((p) => p.path)).toEqual(['/v1/tasks', '/v1/tasks']);
    expect(posts[0]!.body).not.toHaveProperty('authorization_asset_id');
    expect(registry.list().map((t) => [t.kind, t.source, t.batchId, t.prompt])).toEqual(
      expect.arrayContaining([
        ['digital_human_video', 'batch', batch.id, 'Welcome'],
        ['digital_human_video', 'batch', batch.id, 'Thanks'],
      ]),
    );
    const held = runner.get(batch.id)!;
    const csv = exportCsv(
      exportRows(held, () => undefined),
      held.headers,
    );
    expect(csv.split('\n')[0]).toMatch(/^row,name,avatar,audio,/);
    expect(csv).toMatch(/Welcome,asset_a1,https:\/\/example.com\/w.mp3,task_dh/);
    runner.forget(batch.id);
  });
});

/** An asset the five readiness conditions hold for (the specification's asset rule 1). */
const READY = {
  status: 'ready',
  preparation_status: 'ready',
  generation_ready: true,
  review_status: 'succeeded',
  review_passed: true,
};

describe('a digital-human batch’s assets, judged ready as the form judges its picks', () => {
  const batch = dhBatch(
    ['avatar', 'audio', 'name'],
    [
      ['asset_ready', 'Asset://asset_audio', 'One'],
      ['public_anna', 'https://example.com/a.mp3', 'Two'],
      ['asset_ready', 'Asset://asset_audio', 'Three'],
    ],
  );

  it('names each distinct asset once: cells and the request, never a URL or a public avatar', () => {
    expect(assetIdsOf(batch)).toEqual(['asset_audio', 'asset_consent', 'asset_ready']);
    expect(assetIdsOf({ ...batch, kind: 'video' })).toEqual([]);
  });

  it('marks a row whose asset is not ready on its cell; an asset not answered is not judged', () => {
    const assets: Record<string, Record<string, unknown>> = {
      asset_ready: { id: 'asset_ready', ...READY },
      asset_audio: { id: 'asset_audio', ...READY, status: 'processing', preparation_status: 'processing' },
    };
    const lookup = (id: string) => assets[id] as never;
    const first = checkRow(batch, batch.rows[0]!.cells, [], lookup);
    expect(first.ok).toBe(false);
    expect(first.issues).toEqual([
      {
        ns: 'batches',
        code: 'digitalHuman.asset_preparing',
        values: { id: 'asset_audio' },
        severity: 'error',
        column: 1,
      },
    ]);
    expect(checkRow(batch, batch.rows[1]!.cells, [], lookup).ok).toBe(true);
  });

  it('looks the assets up by their detail query, as the form does', async () => {
    const fetchMock = mockFetch({
      'GET /v1/assets/asset_audio': () =>
        json({ id: 'asset_audio', ...READY, status: 'failed', preparation_status: 'failed' }),
      'GET /v1/assets/asset_ready': () => json({ id: 'asset_ready', ...READY }),
      'GET /v1/assets/asset_consent': () => json({ id: 'asset_consent', ...READY }),
    });
    const client = createTestQueryClient();
    const { result } = renderHook(() => useBatchAssetLookup(batch), {
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    await waitFor(() => expect(result.current?.('asset_audio')).toBeDefined());
    expect(fetchMock.mock.calls).toHaveLength(3);
    await waitFor(() => expect(result.current?.('asset_ready')).toBeDefined());
    const check = checkRow(batch, batch.rows[0]!.cells, [], result.current);
    expect(check.issues.map((i) => i.code)).toEqual(['digitalHuman.asset_failed']);
  });

  it('looks up an id typed in a cell once it is typed, not each of its prefixes', async () => {
    const fetchMock = mockFetch({
      'GET /v1/assets/asset_ready': () => json({ id: 'asset_ready', ...READY }),
      'GET /v1/assets/asset_audio': () => json({ id: 'asset_audio', ...READY }),
      'GET /v1/assets/asset_consent': () => json({ id: 'asset_consent', ...READY }),
      'GET /v1/assets/asset_avatar2': () => json({ id: 'asset_avatar2', ...READY }),
    });
    const client = createTestQueryClient();
    const typed = (avatar: string) => ({
      ...batch,
      rows: batch.rows.map((r, i) => (i === 1 ? { ...r, cells: [avatar, ...r.cells.slice(1)] } : r)),
    });
    const { result, rerender } = renderHook(({ b }) => useBatchAssetLookup(b), {
      initialProps: { b: batch },
      wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    });
    await waitFor(() => expect(result.current?.('asset_ready')).toBeDefined());
    for (const prefix of ['asset_a', 'asset_av', 'asset_avatar', 'asset_avatar2'])
      rerender({ b: typed(prefix) });
    await waitFor(() => expect(result.current?.('asset_avatar2')).toBeDefined());
    const asked = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').pathname);
    expect(asked.filter((p) => p.startsWith('/v1/assets/asset_av'))).toEqual(['/v1/assets/asset_avatar2']);
  });
});
