import { Slot } from '@radix-ui/react-slot';
import { Suspense, useRef, useState } from 'react';
import { lazyWithPreload } from '@/components/ui/lazy-with-preload';
import type { TooltipProps } from '@/components/ui/tooltip-primitive';

/** Radix tooltip + popper + floating-ui: fetched on the first hover or focus of any trigger. */
const RadixTooltip = lazyWithPreload(() =>
  import('@/components/ui/tooltip-primitive').then((m) => m.RadixTooltip),
);

/**
 * The Radix tooltip (tooltip-primitive.tsx), mounted only once its trigger is first hovered or
 * focused. For controls repeated hundreds of times in a virtualised list (a badge on every card), a
 * Radix provider, root and popper per item cost about a third of each scroll frame; until someone points
 * at one, a plain element does the same job, and no page pays for Radix's code on its first load.
 * On arming (once the tooltip's chunk is there: at once after the first time), the trigger is
 * re-created inside the tooltip, so it is opened at once and keyboard focus is carried over to the
 * new element. If the pointer has left and focus has moved on before the chunk arrived, nothing
 * opens; the next hover does.
 */
export function LazyTooltip({
  openOnArm = true,
  ...props
}: TooltipProps & {
  /** Open as soon as it is armed (default); `false` keeps Radix's hover delay for the first open. */
  openOnArm?: boolean;
}) {
  const [armed, setArmed] = useState<false | 'pointer' | 'focus'>(false);
  const intent = useRef({ pointer: false, focus: false });
  const arm = (how: 'pointer' | 'focus') => {
    intent.current[how] = true;
    RadixTooltip.load().then(
      () => {
        const { pointer, focus } = intent.current;
        if (focus || pointer) setArmed((was) => was || (focus ? 'focus' : 'pointer'));
      },
      // The chunk could not be fetched (offline): the trigger stays a plain element; the next
      // hover or focus tries again.
      () => undefined,
    );
  };
  if (!armed) {
    return (
      <Slot
        onPointerEnter={() => arm('pointer')}
        onPointerLeave={() => {
          intent.current.pointer = false;
        }}
        onFocus={() => arm('focus')}
        onBlur={() => {
          intent.current.focus = false;
        }}
      >
        {props.children}
      </Slot>
    );
  }
  return (
    // Armed only once the chunk is loaded, so this never suspends; the boundary is a safety net.
    <Suspense fallback={props.children}>
      <RadixTooltip {...props} defaultOpen={openOnArm} focusTrigger={armed === 'focus'} />
    </Suspense>
  );
}
