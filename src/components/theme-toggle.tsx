import { Monitor, Moon, Sun } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';
import { THEMES, useTheme, type Theme } from '@/lib/theme';

const ICONS = { light: Sun, dark: Moon, system: Monitor } satisfies Record<Theme, unknown>;

/**
 * Light / dark / system as a group of toggle buttons (aria-pressed): one click, no menu, and each
 * button is named for screen readers and tests ("Dark").
 */
export function ThemeToggle({ showLabels = false, className }: { showLabels?: boolean; className?: string }) {
  const { t } = useTranslation();
  const [theme, setTheme] = useTheme();
  return (
    <div
      role="group"
      aria-label={t('theme.label')}
      className={cn('inline-flex items-center rounded-md border bg-background p-0.5', className)}
    >
      {THEMES.map((value) => {
        const Icon = ICONS[value];
        const label = t(`theme.${value}`);
        return (
          <button
            key={value}
            type="button"
            aria-pressed={theme === value}
            aria-label={showLabels ? undefined : label}
            title={label}
            onClick={() => setTheme(value)}
            className={cn(
              'inline-flex h-7 items-center gap-1.5 rounded-sm px-1.5 text-xs sm:px-2 transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              theme === value ? 'bg-accent text-accent-foreground' : 'text-muted-foreground',
            )}
          >
            <Icon aria-hidden="true" className="size-4" />
            {showLabels ? <span>{label}</span> : null}
          </button>
        );
      })}
    </div>
  );
}
