import { memo, useEffect, useState, useSyncExternalStore } from 'react';
import { BlockSplitter } from '@/features/playground/markdown/block-splitter';
import type { FrameBuffer } from '@/features/playground/markdown/frame-buffer';
import { MarkdownView } from '@/features/playground/markdown/markdown-view';

/** Finished blocks go in fixed groups, so one update reconciles a handful of groups, not every block. */
const GROUP = 32;
const BLOCKS_PER_FRAME = 3;

const BlockGroup = memo(
  function BlockGroup({ blocks }: { blocks: readonly string[]; end: number }) {
    // content-visibility lets the browser skip style and layout of groups off screen: without it
    // every frame of a long stream re-lays out the whole reply, and the cost grows with its length.
    return (
      <div className="space-y-3 [contain-intrinsic-size:auto_40rem] [content-visibility:auto]">
        {blocks.map((block, i) => (
          <MarkdownView key={i} text={block} />
        ))}
      </div>
    );
  },
  // A full group never changes; the last group only grows, which `end` tells.
  (prev, next) => prev.end === next.end,
);

function FinishedBlocks({ blocks, count }: { blocks: readonly string[]; count: number }) {
  const groups = [];
  for (let start = 0; start < count; start += GROUP) {
    const end = Math.min(count, start + GROUP);
    groups.push(<BlockGroup key={start} blocks={blocks.slice(start, end)} end={end} />);
  }
  return groups;
}

function useSplit(text: string) {
  // One splitter per mounted reply; it only remembers where the finished blocks end.
  const [splitter] = useState(() => new BlockSplitter());
  const { finished, tail } = splitter.update(text);
  return { finished, count: finished.length, tail };
}

const noSubscription = () => () => undefined;

/**
 * A reply, streaming (`buffer`) or finished (`text`). One component for both, so that when the
 * stream ends React keeps the same instance: the finished blocks stay mounted and only the last one
 * re-renders without its streaming caret. Switching components there would re-render every block
 * of a long reply at once, one long task at the very end.
 */
export function ReplyMarkdown({ buffer, text }: { buffer?: FrameBuffer; text?: string }) {
  const shown = useSyncExternalStore(
    buffer ? buffer.subscribe : noSubscription,
    buffer ? buffer.getSnapshot : () => text ?? '',
  );
  const { finished, count, tail } = useSplit(shown);
  // At most BLOCKS_PER_FRAME finished blocks become Markdown per frame; the rest show as plain text
  // meanwhile. When a burst of text arrives faster than frames (a fast server, a reload of a long
  // reply), rendering it all in one frame would be one long task, and the next frame would find an
  // even bigger backlog.
  const [rendered, setRendered] = useState(() => Math.min(count, BLOCKS_PER_FRAME));
  const upTo = Math.min(rendered, count);
  useEffect(() => {
    if (upTo >= count) return;
    const id = requestAnimationFrame(() => setRendered(upTo + BLOCKS_PER_FRAME));
    return () => cancelAnimationFrame(id);
  }, [upTo, count]);
  const pending = upTo < count ? finished.slice(upTo, count).join('') : '';
  return (
    <div className="space-y-3" data-streaming={buffer ? 'true' : undefined}>
      <FinishedBlocks blocks={finished} count={upTo} />
      {pending ? <p className="text-sm leading-relaxed whitespace-pre-wrap">{pending}</p> : null}
      {tail ? <MarkdownView text={tail} streaming={!!buffer} /> : null}
    </div>
  );
}
