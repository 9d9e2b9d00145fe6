import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import { Slot } from '@radix-ui/react-slot';
import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * The Tooltip of tooltip.tsx, mounted only once its trigger is first hovered or focused. For
 * controls repeated hundreds of times in a virtualised list (a badge on every card), a Radix
 * provider, root and popper per item cost about a third of each scroll frame; until someone points
 * at one, a plain element does the same job. On arming, the trigger is re-created inside the
 * tooltip, so it is opened at once and keyboard focus is carried over to the new element.
 */
export function LazyTooltip({
  content,
  children,
  side = 'top',
  className,
}: {
  content: ReactNode;
  /** One focusable element (a button): tooltips must be reachable by keyboard. */
  children: ReactNode;
  side?: 'top' | 'right' | 'bottom' | 'left';
  className?: string;
}) {
  const [armed, setArmed] = useState<false | 'pointer' | 'focus'>(false);
  if (!armed) {
    return (
      <Slot onPointerEnter={() => setArmed('pointer')} onFocus={() => setArmed('focus')}>
        {children}
      </Slot>
    );
  }
  return (
    <TooltipPrimitive.Provider delayDuration={300}>
      <TooltipPrimitive.Root defaultOpen>
        <TooltipPrimitive.Trigger
          asChild
          ref={(element: HTMLElement | null) => {
            if (armed === 'focus' && element && document.activeElement !== element) element.focus();
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
