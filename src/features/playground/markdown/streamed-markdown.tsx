import { memo, useState, useSyncExternalStore } from 'react';
import { BlockSplitter } from '@/features/playground/markdown/block-splitter';
import type { FrameBuffer } from '@/features/playground/markdown/frame-buffer';
import { MarkdownView } from '@/features/playground/markdown/markdown-view';

/** Finished blocks go in fixed groups, so one update reconciles a handful of groups, not every block. */
const GROUP = 32;

const BlockGroup = memo(
  function BlockGroup({ blocks }: { blocks: readonly string[]; end: number }) {
    return blocks.map((block, i) => <MarkdownView key={i} text={block} />);
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

/** A finished reply: split into blocks once, each rendered once. */
export const StaticMarkdown = memo(function StaticMarkdown({ text }: { text: string }) {
  const { finished, count, tail } = useSplit(text);
  return (
    <div className="space-y-3">
      <FinishedBlocks blocks={finished} count={count} />
      {tail ? <MarkdownView text={tail} /> : null}
    </div>
  );
});

/** The reply being streamed: re-renders once per animation frame, and only its last block grows. */
export function StreamedMarkdown({ buffer }: { buffer: FrameBuffer }) {
  const text = useSyncExternalStore(buffer.subscribe, buffer.getSnapshot);
  const { finished, count, tail } = useSplit(text);
  return (
    <div className="space-y-3" data-streaming="true">
      <FinishedBlocks blocks={finished} count={count} />
      {tail ? <MarkdownView text={tail} streaming /> : null}
    </div>
  );
}
