import { Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/** A notice above a form about what just happened to its draft, with its undo and dismiss. */
export function FormBanner({
  children,
  onUndo,
  undoLabel,
  onDismiss,
  dismissLabel,
  tone = 'info',
}: {
  children: ReactNode;
  onUndo?: () => void;
  undoLabel?: string;
  onDismiss: () => void;
  dismissLabel: string;
  tone?: 'info' | 'error';
}) {
  return (
    <div
      className={cn(
        'flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm',
        tone === 'error' ? 'border-destructive/50 bg-destructive/10 text-destructive' : 'bg-muted/50',
      )}
    >
      <p>{children}</p>
      <div className="flex gap-1">
        {onUndo && (
          <Button variant="outline" size="sm" onClick={onUndo}>
            <Undo2 aria-hidden="true" /> {undoLabel}
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onDismiss}>
          {dismissLabel}
        </Button>
      </div>
    </div>
  );
}
