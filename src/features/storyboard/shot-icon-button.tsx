import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** One of a shot card's icon buttons (move, duplicate, templates, remove): the label is all it says. */
export function ShotIconButton({
  icon: Icon,
  label,
  onClick,
  disabled,
  destructive = false,
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  destructive?: boolean;
}) {
  return (
    <Button
      type="button"
      size="icon-sm"
      variant={destructive ? 'ghost-destructive' : 'ghost'}
      disabled={disabled}
      onClick={onClick}
      aria-label={label}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}
