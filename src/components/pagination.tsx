import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useTranslation } from '@/lib/i18n';

/** Pages needed for `total` items, at least one (an empty list is still page 1 of 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

export interface PaginationProps {
  /** 1-based, as in the API's `page`. */
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** Also say which items this page holds ("21–40 of 45"), announced as it changes. */
  showRange?: boolean;
  /** Accessible name of the navigation landmark; "Pages" by default. */
  label?: string;
  className?: string;
}

/** Previous / "Page 2 of 5" / Next over a paged API list (`page`, `page_size`, `total`). */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
  showRange = false,
  label,
  className,
}: PaginationProps) {
  const { t } = useTranslation();
  const pages = pageCount(total, pageSize);
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav
      className={cn(
        // Wraps between the range and the buttons, never inside a phrase ("Page 2 of 5").
        'flex flex-wrap items-center gap-x-3 gap-y-2 text-sm whitespace-nowrap',
        showRange ? 'justify-between' : 'justify-end',
        className,
      )}
      aria-label={label ?? t('pagination.label')}
    >
      {showRange && <p aria-live="polite">{t('pagination.range', { from, to, total })}</p>}
      <div className="ml-auto flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" /> {t('pagination.previous')}
        </Button>
        <span className="whitespace-nowrap" aria-live={showRange ? undefined : 'polite'}>
          {t('pagination.page', { page, pages })}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('pagination.next')} <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
