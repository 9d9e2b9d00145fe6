import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '@/test/render';
import { SoundCard } from './sound-card';
import { newShot, type Storyboard } from './storyboard';

function Harness({ start }: { start: Storyboard }) {
  const [board, setBoard] = useState(start);
  return <SoundCard board={board} edit={(change) => setBoard(change)} />;
}

const board = (captions: string[]): Storyboard => ({
  id: 'sb-1',
  name: 'Pier',
  updatedAt: 0,
  cast: [],
  shots: captions.map((caption, i) => ({
    ...newShot({ prompt: `shot ${i}`, duration: '4' }),
    ...(caption ? { sound: { caption } } : {}),
  })),
  joins: [],
});

const render = (start: Storyboard) => renderRoutes({ '/': <Harness start={start} /> }, { at: '/' });

describe('burning the captions', () => {
  it('with no line nor caption, says there is nothing to burn and no WebVTT file, and cannot be ticked', () => {
    render(board(['', '']));
    const burn = screen.getByRole('checkbox', { name: 'Burn the captions into the picture' });
    // The local server makes no WebVTT file for a cut without captions (assembly-kind.ts).
    expect(burn).toHaveAccessibleDescription(
      'No shot has a line or caption yet: nothing to burn, and no WebVTT file is made.',
    );
    expect(burn).toBeDisabled();
  });

  it('with a caption, counts the shots that have one and can be ticked', async () => {
    render(board(['The boat leaves.', '']));
    const burn = screen.getByRole('checkbox', { name: 'Burn the captions into the picture' });
    expect(burn).toHaveAccessibleDescription(
      '1 shot has a line or caption. A WebVTT file is made beside the MP4 either way.',
    );
    await userEvent.setup().click(burn);
    expect(burn).toBeChecked();
  });
});
