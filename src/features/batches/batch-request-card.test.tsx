import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { emptyBatch, type Batch } from './batch-model';
import { BatchRequestCard } from './batch-request-card';

function Harness({ initial, seen }: { initial: Batch; seen: (b: Batch) => void }) {
  const [batch, setBatch] = useState(initial);
  return (
    <BatchRequestCard
      batch={batch}
      disabled={false}
      onChange={(change) =>
        setBatch((b) => {
          const next = change(b);
          seen(next);
          return next;
        })
      }
      startFromRequest={() => undefined}
    />
  );
}

describe('the batch request card', () => {
  it('makes music tracks: the music request and fields, the table’s columns mapped to them', async () => {
    let last: Batch | undefined;
    const initial = {
      ...emptyBatch(),
      headers: ['product', 'genre', 'duration'],
      columns: [{ variable: 'product' }, { ignore: true as const }, { field: 'duration' as const }],
    };
    render(<Harness initial={initial} seen={(b) => (last = b)} />);
    const user = userEvent.setup();
    expect(screen.getByLabelText('Duration (s)')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Makes'), 'music');
    expect(last).toMatchObject({
      kind: 'music',
      request: { model: 'music-v5.5', prompt: 'A short jingle for {{product}}', customMode: false },
      // genre is the music style; a video's duration is no music field.
      columns: [{ variable: 'product' }, { field: 'style' }, { ignore: true }],
    });
    expect(screen.queryByLabelText('Duration (s)')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Style'), 'lo-fi');
    await user.click(screen.getByLabelText(/Custom mode/));
    expect(last!.request).toMatchObject({ style: 'lo-fi', customMode: true });
  });

  it('makes digital humans: the form’s fields by mode, the consent kept, the columns mapped to them', async () => {
    let last: Batch | undefined;
    const initial = {
      ...emptyBatch(),
      headers: ['name', 'avatar', 'audio', 'voice'],
      columns: [
        { ignore: true as const },
        { ignore: true as const },
        { ignore: true as const },
        { ignore: true as const },
      ],
    };
    render(<Harness initial={initial} seen={(b) => (last = b)} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Makes'), 'digital_human');
    expect(last).toMatchObject({
      kind: 'digital_human',
      request: { model: 'digital-human-video-v8', name: '{{name}}' },
      columns: [
        { variable: 'name' },
        { field: 'avatar_asset_id' },
        { field: 'audio_url' },
        { field: 'voice_asset_id' },
      ],
    });
    // No prompt: a digital human speaks an audio or a text.
    expect(screen.queryByLabelText('Prompt')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Avatar/)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Authorization/), 'asset_consent');
    await user.selectOptions(screen.getByLabelText('Digital human makes'), 'audio');
    expect(last!.request).toEqual({
      model: 'digital-human-audio-v8',
      text: '{{text}}',
      voice_asset_id: '',
      authorization_asset_id: 'asset_consent',
    });
    expect(screen.queryByLabelText(/^Avatar/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Text to speak')).toHaveValue('{{text}}');
    expect(screen.getByLabelText('Model')).toHaveValue('digital-human-audio-v8');
  });
});
