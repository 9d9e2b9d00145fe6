import { LazyTooltip } from '@/components/ui/lazy-tooltip';
import type { TooltipProps } from '@/components/ui/tooltip-primitive';

/**
 * A tooltip for extra, non-essential information (it is not shown on touch). Each tooltip carries
 * its own provider so no global provider has to load Radix in the entry chunk, and Radix itself is
 * fetched on the first hover or focus of a trigger (lazy-tooltip.tsx), so that no page's first load
 * pays for it. As before, the first open on hover waits for Radix's delay; focus opens it at once.
 */
export function Tooltip(props: TooltipProps) {
  return <LazyTooltip {...props} openOnArm={false} />;
}
