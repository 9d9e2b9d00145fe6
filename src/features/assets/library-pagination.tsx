import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}

export function LibraryPagination({ page, pageSize, total, onPage }: PaginationProps) {
  const { t } = useTranslation('assets');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav className="flex items-center justify-between gap-3 text-sm" aria-label={t('pagination.label')}>
      <p aria-live="polite">{t('pagination.range', { from, to, total })}</p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden /> {t('pagination.previous')}
        </Button>
        <span>{t('pagination.page', { page, pages })}</span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('pagination.next')} <ChevronRight aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
