import { promptDiff } from '@/lib/request-diff';

/** `other` against `base` word by word: what was added underlined in green, what went struck in red. */
export function WordDiff({ base, other }: { base: string; other: string }) {
  return (
    <>
      {promptDiff(base, other).map((part, j) =>
        part.change === 'same' ? (
          <span key={j}>{part.text}</span>
        ) : part.change === 'added' ? (
          <ins key={j} className="bg-success/30 font-semibold no-underline">
            {part.text}
          </ins>
        ) : (
          <del key={j} className="bg-destructive/20">
            {part.text}
          </del>
        ),
      )}
    </>
  );
}
