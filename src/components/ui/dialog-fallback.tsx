import { cn } from '@/lib/cn';
import { Spinner } from '@/components/ui/spinner';

/**
 * What a lazily loaded dialog or sheet shows while its code arrives (a deep link opened cold, or a
 * click faster than the preload): the same dimmed page and the panel's place, with an announced
 * spinner. It holds no Radix, so it costs nothing on the first load.
 */
export function DialogFallback({ label, side = 'center' }: { label: string; side?: 'center' | 'right' }) {
  return (
    <div className="fixed inset-0 z-50 bg-black/50" aria-busy="true">
      <div
        className={cn(
          'fixed grid place-items-center bg-background shadow-lg',
          side === 'right'
            ? 'inset-y-0 right-0 h-full w-full border-l sm:max-w-xl'
            : 'left-1/2 top-1/2 size-24 -translate-x-1/2 -translate-y-1/2 rounded-lg border',
        )}
      >
        <Spinner label={label} size="lg" className="text-muted-foreground" />
      </div>
    </div>
  );
}
