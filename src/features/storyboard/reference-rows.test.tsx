import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { READY_ASSET_FIELDS } from '@/test/asset-fixtures';
import { json, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { newReference, type ReferenceDraft } from '@/lib/video-draft/draft';
import { ReferenceRows } from './reference-rows';

const list = (data: unknown[]) =>
  json({ object: 'list', data, count: data.length, total: data.length, page: 1, page_size: 24 });

function Cast({ onValue }: { onValue: (refs: ReferenceDraft[]) => void }) {
  const [refs, setRefs] = useState<ReferenceDraft[]>(() => [newReference('reference_image', [])]);
  return (
    <ReferenceRows
      title="Cast"
      hint=""
      references={refs}
      fieldId={(f) => `cast-${f}`}
      feedback={() => undefined}
      model="video-2.0-cl-fast"
      onChange={(next) => {
        setRefs(next);
        onValue(next);
      }}
    />
  );
}

describe('the storyboard reference rows', { timeout: 20_000 }, () => {
  it('pick a cast reference from the library, as the composer does', async () => {
    mockFetch({
      'GET /v1/asset-groups': () => list([]),
      'GET /v1/assets': () =>
        list([
          {
            object: 'asset',
            id: 'asset_hero',
            name: 'hero.png',
            group_id: 'grp_default',
            type: 'image',
            url: 'https://e.com/hero.png',
            source_url: 'https://e.com/hero.png',
            model: 'video-2.0-cl-fast',
            ...READY_ASSET_FIELDS,
          },
        ]),
    });
    let value: ReferenceDraft[] = [];
    renderWithProviders(<Cast onValue={(v) => (value = v)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Pick reference 1 from the library' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    const rows = await within(dialog).findByRole('list', {}, { timeout: 10_000 });
    await userEvent.click(within(rows).getByRole('button', { name: /hero\.png/ }));
    expect(value[0]?.url).toBe('Asset://asset_hero');
    expect(screen.getByLabelText('URL of reference 1')).toHaveValue('Asset://asset_hero');
  });
});
