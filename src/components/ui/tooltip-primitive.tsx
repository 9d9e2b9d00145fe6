import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element (a button, a link): tooltips must be reachable by keyboard. */
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  className?: string;
}

/**
 * The Radix tooltip itself, the only module that imports @radix-ui/react-tooltip (with its popper
 * and floating-ui, about 15 KB gzipped). Loaded lazily by lazy-tooltip.tsx on the first hover or
 * focus of a trigger, never on a page's first render.
 */
export function RadixTooltip({
  content,
  children,
  side = 'top',
  className,
  defaultOpen,
  focusTrigger,
}: TooltipProps & {
  defaultOpen?: boolean;
  /** Move keyboard focus to the trigger once mounted (it replaces an element that had focus). */
  focusTrigger?: boolean;
}) {
  const focused = useRef(false);
  return (
    <TooltipPrimitive.Provider delayDuration={300}>
      <TooltipPrimitive.Root defaultOpen={defaultOpen}>
        <TooltipPrimitive.Trigger
          asChild
          ref={(element: HTMLElement | null) => {
            // Once: a later render must not pull focus back after the person has moved on.
            if (!focusTrigger || !element || focused.current) return;
            focused.current = true;
            // Only if focus fell with the element this one replaces. Between arming and this
            // render, a key may have moved focus on (a second arrow in the library's grid):
            // taking it back would undo that key.
            const active = document.activeElement;
            if (active === null || active === document.body) element.focus();
          }}
        >
          {children}
        </TooltipPrimitive.Trigger>
        <TooltipPrimitive.Portal>
          <TooltipPrimitive.Content
            side={side}
            sideOffset={6}
            className={cn(
              'z-50 max-w-xs rounded-md bg-foreground px-2.5 py-1.5 text-xs text-background shadow-md',
              className,
            )}
          >
            {content}
          </TooltipPrimitive.Content>
        </TooltipPrimitive.Portal>
      </TooltipPrimitive.Root>
    </TooltipPrimitive.Provider>
  );
}
