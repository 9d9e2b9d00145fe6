import { useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { AliasSuggestionList } from './alias-suggestion-list';
import { applyAlias, mentionAt, suggestAliases, type MentionQuery } from './alias-suggestions';
import { renderHighlights } from './prompt-highlights';

interface PromptEditorProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Aliases the references define, in row order. */
  aliases: readonly string[];
  invalid?: boolean;
  describedBy?: string;
  maxLength?: number;
}

// The textarea and the highlight layer behind it must lay text out identically.
const TEXT_BOX = 'px-3 py-2 text-sm leading-6 whitespace-pre-wrap break-words [overflow-wrap:anywhere]';

/**
 * A textarea with `@alias` completion and highlighting. Typing `@` offers the defined aliases in a
 * listbox (ARIA 1.2 combobox: focus stays in the textarea, aria-activedescendant names the option);
 * mentions are highlighted by a mirrored layer behind the transparent textarea, which keeps native
 * editing, selection, undo and IME input intact. A mention no reference defines is marked in red.
 */
export function PromptEditor({
  id,
  value,
  onChange,
  aliases,
  invalid,
  describedBy,
  maxLength,
}: PromptEditorProps) {
  const { t } = useTranslation('composer');
  const listId = useId();
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const backdropRef = useRef<HTMLDivElement>(null);
  const anchorRef = useRef<HTMLSpanElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [anchor, setAnchor] = useState({ top: 0, left: 0 });

  const defined = useMemo(() => new Set(aliases.filter(Boolean)), [aliases]);
  const mention: MentionQuery | null = caret === null ? null : mentionAt(value, caret);
  const options = mention ? suggestAliases(aliases, mention.query) : [];
  const open = !!mention && options.length > 0 && dismissedAt !== mention.start;
  const activeIndex = Math.min(active, Math.max(0, options.length - 1));
  const optionId = (i: number) => `${listId}-option-${i}`;

  useLayoutEffect(() => {
    if (pendingCaret.current !== null && textareaRef.current) {
      textareaRef.current.setSelectionRange(pendingCaret.current, pendingCaret.current);
      pendingCaret.current = null;
    }
  });
  useLayoutEffect(() => {
    const el = anchorRef.current;
    if (!open || !el) return;
    const top = el.offsetTop - (backdropRef.current?.scrollTop ?? 0) + el.offsetHeight;
    setAnchor((prev) =>
      prev.top === top && prev.left === el.offsetLeft ? prev : { top, left: el.offsetLeft },
    );
  }, [open, value, mention?.start]);

  function syncCaret() {
    const el = textareaRef.current;
    if (!el) return;
    setCaret(el.selectionStart === el.selectionEnd ? el.selectionStart : null);
  }

  function accept(alias: string) {
    if (!mention) return;
    const next = applyAlias(value, mention, alias);
    pendingCaret.current = next.caret;
    setCaret(next.caret);
    setActive(0);
    onChange(next.text);
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLTextAreaElement>) {
    if (!open) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + options.length) % options.length);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      if (e.nativeEvent.isComposing) return;
      e.preventDefault();
      accept(options[activeIndex]!);
    } else if (e.key === 'Escape') {
      // Closes the list only; a second Escape reaches the page (e.g. a dialog) as usual.
      e.preventDefault();
      e.stopPropagation();
      setDismissedAt(mention!.start);
    }
  }

  return (
    <div className="relative rounded-md bg-background">
      <div
        ref={backdropRef}
        aria-hidden="true"
        data-testid="prompt-highlights"
        className={cn(
          TEXT_BOX,
          'pointer-events-none absolute inset-0 overflow-hidden border border-transparent text-transparent',
        )}
      >
        {renderHighlights(value, defined, open ? mention!.start : null, anchorRef)}
        {/* A trailing newline in a textarea still takes a line; the layer needs one too. */}
        {'\u200b'}
      </div>
      <textarea
        ref={textareaRef}
        id={id}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open ? optionId(activeIndex) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        value={value}
        maxLength={maxLength}
        spellCheck
        onChange={(e) => {
          onChange(e.target.value);
          setCaret(e.target.selectionStart === e.target.selectionEnd ? e.target.selectionStart : null);
          setActive(0);
          // Escape closes the list for this mention until the person types again.
          setDismissedAt(null);
        }}
        onSelect={syncCaret}
        onClick={syncCaret}
        onKeyUp={(e) => {
          if (e.key === 'ArrowLeft' || e.key === 'ArrowRight' || e.key === 'Home' || e.key === 'End')
            syncCaret();
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setCaret(null)}
        onScroll={(e) => {
          if (backdropRef.current) backdropRef.current.scrollTop = e.currentTarget.scrollTop;
        }}
        placeholder={t('prompt.placeholder')}
        className={cn(
          TEXT_BOX,
          'relative block min-h-36 w-full resize-y rounded-md border border-input bg-transparent shadow-xs [field-sizing:content] placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-invalid:border-destructive',
        )}
      />
      <AliasSuggestionList
        id={listId}
        label={t('prompt.suggestions')}
        open={open}
        options={options}
        activeIndex={activeIndex}
        optionId={optionId}
        position={{ top: anchor.top + 4, left: Math.max(0, anchor.left - 4) }}
        onAccept={accept}
      />
      <p className="sr-only" aria-live="polite">
        {open ? t('prompt.suggestionCount', { count: options.length }) : ''}
      </p>
    </div>
  );
}
