import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { saveTemplate } from '@/lib/templates/template-store';
import { newShot, shotBody, type Storyboard } from './storyboard';
import { shotDraftFromRequest, ShotTemplateButtons } from './shot-templates';

const hero = {
  key: 'c1',
  role: 'reference_image',
  mediaType: 'image',
  alias: 'hero',
  url: 'Asset://asset_hero',
} as const;

function board(): Storyboard {
  return {
    id: 'sb',
    name: 'Pier',
    updatedAt: 0,
    cast: [{ ...hero }],
    shots: [newShot({ prompt: 'one' }), newShot({ prompt: 'two' }, true)],
    joins: ['cut'],
  };
}

describe('templates in a storyboard shot', () => {
  it('a shot template saved from a continuing shot goes into another without its cast or its frame stand-in', () => {
    const from = board();
    from.shots[1]!.draft.references = [
      { key: 'own', role: 'reference_video', mediaType: 'video', alias: 'wave', url: 'Asset://asset_wave' },
    ];
    // What Save as template keeps: the shot's whole request (frame stand-in, cast, its own reference).
    const request = shotBody(from, 1) as unknown as Record<string, unknown>;
    expect(JSON.stringify(request)).toContain('last-frame-of-shot-');
    const draft = shotDraftFromRequest(board(), request);
    expect(draft.prompt).toBe('two');
    expect(draft.references.map((r) => r.url)).toEqual(['Asset://asset_wave']);
  });

  it('Insert picks a shot template, previews the shot’s request with it, and hands back the shot’s draft', async () => {
    await saveTemplate({
      name: 'Harbour shot',
      tags: [],
      model: 'video-2.0-cl',
      kind: 'storyboard-shot',
      request: {
        model: 'video-2.0-cl',
        prompt: '@hero waves from the {{place}}',
        duration: 6,
        references: [{ role: 'reference_image', type: 'image', url: 'Asset://asset_hero', alias: 'hero' }],
      },
      variables: [{ name: 'place', default: 'pier' }],
    });
    const onInsert = vi.fn();
    const user = userEvent.setup();
    render(<ShotTemplateButtons board={board()} index={1} onInsert={onInsert} />);
    await user.click(screen.getByRole('button', { name: 'Insert a template into shot 2' }));
    await user.click(await screen.findByRole('button', { name: /Harbour shot/ }));
    // The preview is the shot's request as Run would send it: the frame stand-in and the cast once.
    const preview = await screen.findByLabelText('Shot 2’s request with the template in');
    expect(preview).toHaveTextContent('@hero waves from the pier');
    expect(preview.textContent!.match(/asset_hero/g)).toHaveLength(1);
    expect(preview).toHaveTextContent('last-frame-of-shot-');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    const draft = onInsert.mock.calls[0]![0] as { prompt: string; duration: unknown; references: unknown[] };
    expect(draft.prompt).toBe('@hero waves from the pier');
    expect(String(draft.duration)).toBe('6');
    expect(draft.references).toEqual([]);
  });
});
