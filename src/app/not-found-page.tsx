import { MapPinOff } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { useTranslation } from '@/lib/i18n';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="flex flex-col items-center gap-4 rounded-lg border border-dashed px-6 py-16 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-muted">
        <MapPinOff aria-hidden="true" className="size-6 text-muted-foreground" />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight">{t('notFound.title')}</h1>
      <p className="max-w-prose text-sm text-muted-foreground">
        {t('notFound.description', { path: pathname })}
      </p>
      <Button asChild>
        <Link to="/assets">{t('actions.goHome')}</Link>
      </Button>
    </div>
  );
}
