import { act, render } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameBuffer } from '@/features/playground/markdown/frame-buffer';
import { ReplyMarkdown } from '@/features/playground/markdown/streamed-markdown';

// On one worker the web project's files share a module graph (vmThreads runs them in one task), so
// ReplyMarkdown may have been loaded by an earlier file with the real MarkdownView, which the mock
// below would then never reach. Fresh modules for this file, and none bound to its mock after it.
vi.hoisted(() => void vi.resetModules());
afterAll(() => void vi.resetModules());

// Every render of a Markdown block, by whether it was the streaming tail and by its text: a
// finished block must be rendered as Markdown exactly once, however long the reply grows after it.
const { renders } = vi.hoisted(() => ({ renders: [] as Array<{ text: string; streaming: boolean }> }));

vi.mock('@/features/playground/markdown/markdown-view', async () => {
  const { memo } = await import('react');
  const translations = {};
  return {
    useMarkdownTranslations: () => translations,
    MarkdownView: memo(function MarkdownView({
      text,
      streaming = false,
    }: {
      text: string;
      streaming?: boolean;
    }) {
      renders.push({ text, streaming });
      return <div data-testid={streaming ? 'tail' : 'block'}>{text}</div>;
    }),
  };
});

const paragraph = (i: number) => `Paragraph ${i} has a few words in it.\n\n`;
const finishedRenders = (text: string) => renders.filter((r) => !r.streaming && r.text === text).length;
const frame = () => act(() => void vi.advanceTimersToNextFrame());

beforeEach(() => {
  renders.length = 0;
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
});
afterEach(() => vi.useRealTimers());

describe('ReplyMarkdown', () => {
  it('renders each finished block once while the tail keeps streaming', () => {
    const buffer = new FrameBuffer();
    const { container } = render(<ReplyMarkdown buffer={buffer} />);
    for (let i = 0; i < 12; i++) {
      // Each paragraph arrives word by word, with a frame every few words.
      const words = paragraph(i).split(/(?<= )/);
      words.forEach((word, w) => {
        buffer.append(word);
        if (w % 3 === 2) frame();
        // A block that finishes becomes Markdown in the same frame: never a flash of raw text.
        expect(container.querySelectorAll('p')).toHaveLength(0);
      });
      frame();
    }
    for (let i = 0; i < 6; i++) frame();

    for (let i = 0; i < 11; i++) expect(finishedRenders(paragraph(i))).toBe(1);
    // The tail was rendered many times, as it grew.
    expect(renders.filter((r) => r.streaming).length).toBeGreaterThan(12);
    expect(container.textContent).toBe(Array.from({ length: 12 }, (_, i) => paragraph(i)).join(''));
  });

  it('turns a burst into Markdown a few blocks per frame, showing the rest as text meanwhile', () => {
    const buffer = new FrameBuffer();
    const { container, getAllByTestId } = render(<ReplyMarkdown buffer={buffer} />);
    const burst = Array.from({ length: 20 }, (_, i) => paragraph(i)).join('');
    buffer.append(`${burst}Tail`);
    frame();
    // Everything is on screen at once, most of it as plain text for now.
    expect(container.textContent).toBe(`${burst}Tail`);
    expect(getAllByTestId('block')).toHaveLength(3);
    expect(container.querySelectorAll('p')).toHaveLength(17);
    frame();
    expect(getAllByTestId('block')).toHaveLength(6);
    // A frame in which the stream publishes promotes once, not once for the stream and once more.
    buffer.append(' grows');
    frame();
    expect(getAllByTestId('block')).toHaveLength(9);
    for (let i = 0; i < 10; i++) frame();
    expect(getAllByTestId('block')).toHaveLength(20);
    expect(container.querySelectorAll('p')).toHaveLength(0);
    expect(container.textContent).toBe(`${burst}Tail grows`);
    for (let i = 0; i < 20; i++) expect(finishedRenders(paragraph(i))).toBe(1);
  });

  it('keeps the blocks mounted when the stream ends and the stored text takes over', () => {
    const buffer = new FrameBuffer();
    const text = `${paragraph(0)}${paragraph(1)}Last words`;
    const { rerender, getAllByTestId, getByTestId } = render(<ReplyMarkdown buffer={buffer} />);
    buffer.append(text);
    act(() => buffer.flush());
    for (let i = 0; i < 3; i++) frame();
    const first = getAllByTestId('block')[0];
    rerender(<ReplyMarkdown text={text} />);
    expect(getAllByTestId('block')[0]).toBe(first);
    expect(finishedRenders(paragraph(0))).toBe(1);
    // Only the last block renders again, no longer streaming.
    expect(finishedRenders('Last words')).toBe(1);
    expect(() => getByTestId('tail')).toThrow();
  });

  it('calls onRendered after each update is in the DOM', () => {
    const buffer = new FrameBuffer();
    const seen: string[] = [];
    const host = document.createElement('div');
    document.body.append(host);
    render(<ReplyMarkdown buffer={buffer} onRendered={() => seen.push(host.textContent ?? '')} />, {
      container: host,
    });
    buffer.append('One');
    frame();
    buffer.append(' two');
    frame();
    expect(seen.slice(-2)).toEqual(['One', 'One two']);
  });
});
