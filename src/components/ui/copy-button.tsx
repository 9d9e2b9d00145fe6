import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'aria-label'> {
  /** What is copied. */
  value: string;
  /** Accessible name, e.g. "Copy asset reference". Required: an icon alone says nothing. */
  'aria-label': string;
  /** Visible text beside the icon; icon-only when omitted. */
  children?: string;
}

/** Copies `value`; shows "Copied" (visibly and to screen readers) for two seconds. */
export function CopyButton({
  value,
  children,
  className,
  size,
  variant = 'ghost',
  ...props
}: CopyButtonProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2000);
  }

  const Icon = state === 'copied' ? Check : Copy;
  const visible = state === 'copied' ? t('copy.copied') : state === 'failed' ? t('copy.failed') : children;
  return (
    <Button
      variant={variant}
      size={size ?? (visible ? 'sm' : 'icon-sm')}
      className={cn(
        state === 'copied' && 'text-success',
        state === 'failed' && 'text-destructive',
        className,
      )}
      onClick={() => void copy()}
      {...props}
    >
      <Icon aria-hidden="true" />
      {/* aria-live so the outcome is announced; the button's accessible name stays aria-label. */}
      <span aria-live="polite">{visible}</span>
    </Button>
  );
}
