import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';

/** Radix dialog: focus trap, Escape, aria-modal, labelled by DialogTitle. */
export const Dialog = DialogPrimitive.Root;
export const DialogPortal = DialogPrimitive.Portal;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay className={cn('fixed inset-0 z-50 bg-black/50', className)} {...props} />;
}

export function CloseButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <DialogPrimitive.Close
      className={cn(
        'absolute right-4 top-4 rounded-sm opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
      aria-label={t('actions.close')}
    >
      <X aria-hidden="true" className="size-4" />
    </DialogPrimitive.Close>
  );
}

const CONTENT_WIDTH = { lg: 'max-w-lg', '2xl': 'max-w-2xl', '3xl': 'max-w-3xl', '4xl': 'max-w-4xl' } as const;

export function DialogContent({
  className,
  children,
  hideClose = false,
  width = 'lg',
  layout = 'grid',
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  hideClose?: boolean;
  /** Maximum width; className must not set max-w-* or a display (see `layout`). */
  width?: keyof typeof CONTENT_WIDTH;
  /** `column` for a flex column whose body scrolls inside the dialog's 90vh. */
  layout?: 'grid' | 'column';
}) {
  // Radix gives the focus back only to a Dialog.Trigger. Most dialogs here are opened by state
  // (a button's click, a shortcut, a row's action), and on close the focus fell to <body>: a
  // keyboard person started again from the page's top. It goes back to whatever had it at the open,
  // while that is still on the page and enabled; a handler of the caller's that prevents it wins.
  const opener = useRef<HTMLElement | null>(null);
  const { onOpenAutoFocus, onCloseAutoFocus } = props;
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg focus-visible:outline-none',
          layout === 'column' ? 'flex flex-col' : 'grid',
          CONTENT_WIDTH[width],
          className,
        )}
        {...props}
        onOpenAutoFocus={(event) => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const back = opener.current;
          if (event.defaultPrevented || !back || back === document.body || !back.isConnected) return;
          if (back.matches(':disabled')) return;
          event.preventDefault();
          back.focus();
        }}
      >
        {children}
        {hideClose ? null : <CloseButton />}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6 text-left', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
  );
}

export function DialogTitle({
  className,
  truncate = false,
  ...props
}: ComponentProps<typeof DialogPrimitive.Title> & {
  /** One line cut with an ellipsis, clear of the close button (normal leading keeps descenders). */
  truncate?: boolean;
}) {
  return (
    <DialogPrimitive.Title
      className={cn(
        'text-lg font-semibold',
        truncate ? 'truncate pr-8 leading-normal' : 'leading-none',
        className,
      )}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}
