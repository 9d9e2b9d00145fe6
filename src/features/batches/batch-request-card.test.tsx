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
});
