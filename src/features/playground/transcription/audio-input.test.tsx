import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AudioInput } from './audio-input';

describe('the audio to transcribe', () => {
  it('says a chosen file that is not audio was not taken, instead of ignoring it', async () => {
    const onFile = vi.fn();
    render(<AudioInput file={undefined} onFile={onFile} />);
    const input = screen.getByLabelText('Audio file');
    fireEvent.change(input, {
      target: { files: [new File(['{}'], 'notes.json', { type: 'application/json' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'notes.json is not an audio file: choose a WAV, MP3, M4A, OGG, WebM or FLAC file.',
    );
    expect(onFile).not.toHaveBeenCalled();
  });
});
