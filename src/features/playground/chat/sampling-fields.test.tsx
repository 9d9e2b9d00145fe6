import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type ChatSettings } from './chat-store';
import { SamplingFields } from './sampling-fields';

const stopHint = (format: ChatSettings['format']) => {
  const { unmount } = render(
    <SamplingFields settings={{ ...DEFAULT_SETTINGS, format }} set={() => undefined} />,
  );
  const text = screen.getByLabelText('Stop sequences').getAttribute('aria-describedby');
  const hint = document.getElementById(text!)!.textContent;
  unmount();
  return hint;
};

describe('stop sequences', () => {
  it("names Chat Completions' limit of 4 in that format only, not in Messages", () => {
    expect(stopHint('chat')).toContain('Chat Completions takes up to 4');
    expect(stopHint('messages')).toBe('One per line; the reply ends before the first one it would write.');
    expect(stopHint('responses')).toMatch(/^The Responses format has no stop sequences/);
  });
});
