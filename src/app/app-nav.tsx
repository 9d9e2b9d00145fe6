import {
  BarChart3,
  BookMarked,
  Boxes,
  Clapperboard,
  FolderTree,
  Images,
  ListChecks,
  type LucideIcon,
  MessageSquareCode,
  Settings,
  Sparkles,
  Table2,
  Wand2,
} from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { prefetchPage } from '@/app/page-prefetch';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';

export const NAV_ITEMS: { to: string; labelKey: string; icon: LucideIcon }[] = [
  { to: '/assets', labelKey: 'nav.assets', icon: Boxes },
  { to: '/groups', labelKey: 'nav.groups', icon: FolderTree },
  { to: '/composer', labelKey: 'nav.composer', icon: Wand2 },
  { to: '/storyboard', labelKey: 'nav.storyboard', icon: Clapperboard },
  { to: '/templates', labelKey: 'nav.templates', icon: BookMarked },
  { to: '/batches', labelKey: 'nav.batches', icon: Table2 },
  { to: '/create', labelKey: 'nav.create', icon: Sparkles },
  { to: '/tasks', labelKey: 'nav.tasks', icon: ListChecks },
  { to: '/gallery', labelKey: 'nav.gallery', icon: Images },
  { to: '/usage', labelKey: 'nav.usage', icon: BarChart3 },
  { to: '/playground', labelKey: 'nav.playground', icon: MessageSquareCode },
  { to: '/settings', labelKey: 'nav.settings', icon: Settings },
];

/** NavLink sets aria-current="page" on the active item (also for sub-routes like /assets/asset_x). */
export function AppNav({
  className,
  id,
  onNavigate,
  tasksBadge,
}: {
  className?: string;
  id?: string;
  /** Called when a link is followed (the phone menu closes). */
  onNavigate?: () => void;
  /** Beside "Tasks": how many run (the lazy task watcher renders it). */
  tasksBadge?: ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <nav aria-label={t('nav.label')} className={className} id={id}>
      <ul className="flex flex-col gap-1">
        {NAV_ITEMS.map(({ to, labelKey, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              onPointerEnter={() => prefetchPage(to, queryClient)}
              onFocus={() => prefetchPage(to, queryClient)}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-2.5 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  isActive ? 'bg-accent text-foreground' : 'text-muted-foreground',
                )
              }
            >
              <Icon aria-hidden="true" className="size-4 shrink-0" />
              <span>{t(labelKey)}</span>
              {to === '/tasks' && tasksBadge}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
