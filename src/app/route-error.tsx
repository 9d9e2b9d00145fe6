import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { ErrorFallback } from '@/app/error-fallback';
import { NotFoundPage } from '@/app/not-found-page';

/**
 * The router's errorElement: errors thrown while loading a route (typically a page chunk that failed
 * to download after a redeploy or a network blip). Retry revalidates; reload fetches fresh chunks.
 */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <main id="main" className="p-6">
      <ErrorFallback error={error} onRetry={() => void navigate(0)} />
    </main>
  );
}
