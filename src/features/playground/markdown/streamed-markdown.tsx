import { memo, useEffect, useLayoutEffect, useReducer, useState, useSyncExternalStore } from 'react';
import type { StreamdownTranslations } from 'streamdown';
import { BlockSplitter } from '@/features/playground/markdown/block-splitter';
import type { FrameBuffer } from '@/features/playground/markdown/frame-buffer';
import { MarkdownView, useMarkdownTranslations } from '@/features/playground/markdown/markdown-view';

/** Finished blocks go in fixed groups, so one update reconciles a handful of groups, not every block. */
const GROUP = 32;
const BLOCKS_PER_FRAME = 3;

type Translations = Partial<StreamdownTranslations>;

const BlockGroup = memo(
  function BlockGroup({
    blocks,
    translations,
  }: {
    blocks: readonly string[];
    end: number;
    translations: Translations;
  }) {
    // content-visibility lets the browser skip style and layout of groups off screen: without it
    // every frame of a long stream re-lays out the whole reply, and the cost grows with its length.
    return (
      <div className="space-y-3 [contain-intrinsic-size:auto_40rem] [content-visibility:auto]">
        {blocks.map((block, i) => (
          <MarkdownView key={i} text={block} translations={translations} />
        ))}
      </div>
    );
  },
  // A full group never changes; the last group only grows, which `end` tells.
  (prev, next) => prev.end === next.end && prev.translations === next.translations,
);

/**
 * A finished block waiting for its turn to become Markdown, as plain text. One element per block,
 * keyed by its index: the backlog as one text node would be replaced, and its whole text shaped
 * again by layout, on every frame (measured: layout grew from 4 to 20 ms per frame with it).
 */
const PlainBlock = memo(function PlainBlock({ text }: { text: string }) {
  return <p className="text-sm leading-relaxed whitespace-pre-wrap break-words">{text}</p>;
});

function FinishedBlocks({
  blocks,
  count,
  translations,
}: {
  blocks: readonly string[];
  count: number;
  translations: Translations;
}) {
  const groups = [];
  for (let start = 0; start < count; start += GROUP) {
    const end = Math.min(count, start + GROUP);
    groups.push(
      <BlockGroup key={start} blocks={blocks.slice(start, end)} end={end} translations={translations} />,
    );
  }
  return groups;
}

function useSplit(text: string) {
  // One splitter per mounted reply; it only remembers where the finished blocks end.
  const [splitter] = useState(() => new BlockSplitter());
  const { finished, tail } = splitter.update(text);
  return { finished, count: finished.length, tail };
}

/**
 * How many finished blocks are rendered as Markdown: at most BLOCKS_PER_FRAME more per render; the
 * rest show as plain text meanwhile. When a burst of text arrives faster than frames (a fast server,
 * a reload of a long reply), rendering it all in one frame would be one long task, and the next
 * frame would find an even bigger backlog. A block that finishes while streaming normally becomes
 * Markdown in the very render that finishes it, so it never flashes as raw text.
 *
 * While a backlog remains, a frame without new text renders once more to promote the next few; a
 * frame in which the stream publishes anyway leaves that to the stream's render (one render per
 * frame, not two). Decision 094.
 */
class PromotionMark {
  private committed = 0;

  /** Blocks to render as Markdown now: the committed ones and at most BLOCKS_PER_FRAME more. */
  next(count: number): number {
    return Math.min(count, this.committed + BLOCKS_PER_FRAME);
  }

  commit(upTo: number): void {
    this.committed = upTo;
  }
}

function usePromoted(count: number, buffer: FrameBuffer | undefined): number {
  // What the last committed render promoted, kept outside React state (like BlockSplitter's
  // progress), so that moving it on costs no extra render.
  const [mark] = useState(() => new PromotionMark());
  const [, promoteMore] = useReducer((n: number) => n + 1, 0);
  const upTo = mark.next(count);
  useLayoutEffect(() => mark.commit(upTo));
  useEffect(() => {
    if (upTo >= count) return;
    const id = requestAnimationFrame(() => {
      if (!buffer?.publishPending) promoteMore();
    });
    return () => cancelAnimationFrame(id);
  }, [upTo, count, buffer]);
  return upTo;
}

const noSubscription = () => () => undefined;

/**
 * A reply, streaming (`buffer`) or finished (`text`). One component for both, so that when the
 * stream ends React keeps the same instance: the finished blocks stay mounted and only the last one
 * re-renders without its streaming caret. Switching components there would re-render every block
 * of a long reply at once, one long task at the very end.
 *
 * `onRendered` runs after each update is in the DOM and before it is painted (a layout effect), so
 * a caller that keeps the end in view scrolls in the same frame, with the one layout that frame
 * needs anyway.
 */
export function ReplyMarkdown({
  buffer,
  text,
  onRendered,
}: {
  buffer?: FrameBuffer;
  text?: string;
  onRendered?: () => void;
}) {
  const shown = useSyncExternalStore(
    buffer ? buffer.subscribe : noSubscription,
    buffer ? buffer.getSnapshot : () => text ?? '',
  );
  const translations = useMarkdownTranslations();
  const { finished, count, tail } = useSplit(shown);
  const upTo = usePromoted(count, buffer);
  useLayoutEffect(() => {
    onRendered?.();
  }, [onRendered, shown, upTo]);
  const pending = [];
  for (let i = upTo; i < count; i++) pending.push(<PlainBlock key={i} text={finished[i]!} />);
  return (
    <div className="space-y-3" data-streaming={buffer ? 'true' : undefined}>
      <FinishedBlocks blocks={finished} count={upTo} translations={translations} />
      {pending}
      {tail ? <MarkdownView text={tail} streaming={!!buffer} translations={translations} /> : null}
    </div>
  );
}
