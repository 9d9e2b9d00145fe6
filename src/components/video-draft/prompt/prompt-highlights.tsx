import { Fragment, type ReactNode, type RefObject } from 'react';
import { cn } from '@/lib/cn';
import { segmentPrompt } from './alias-suggestions';

/**
 * The prompt as the layer behind the transparent textarea draws it: mentions of defined aliases
 * tinted, unknown ones underlined in red, the text itself transparent. An empty span marks the
 * caret's mention so the suggestion list can be placed under it.
 */
export function renderHighlights(
  text: string,
  defined: ReadonlySet<string>,
  anchorAt: number | null,
  anchorRef: RefObject<HTMLSpanElement | null>,
): ReactNode[] {
  let offset = 0;
  return segmentPrompt(text, defined).map((segment, i) => {
    const start = offset;
    offset += segment.text.length;
    const hasAnchor = anchorAt !== null && anchorAt >= start && anchorAt < offset;
    const content = hasAnchor ? (
      <>
        {segment.text.slice(0, anchorAt - start)}
        <span ref={anchorRef} />
        {segment.text.slice(anchorAt - start)}
      </>
    ) : (
      segment.text
    );
    if (segment.kind === 'plain') return <Fragment key={i}>{content}</Fragment>;
    return (
      <mark
        key={i}
        data-alias-state={segment.kind}
        className={cn(
          'rounded-sm text-transparent',
          segment.kind === 'alias'
            ? 'bg-primary/15 ring-1 ring-primary/30'
            : 'bg-destructive/15 underline decoration-destructive decoration-wavy',
        )}
      >
        {content}
      </mark>
    );
  });
}
