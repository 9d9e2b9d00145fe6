import { lazy } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { AppLayout } from '@/app/app-layout';
import { LANDING_SEGMENT } from '@/app/landing';
import { PAGE_ROUTES } from '@/app/pages';

// An unknown path is rare: its page comes when asked for, like every other page, inside the
// layout's Suspense and error boundary (decision 296).
const NotFoundPage = lazy(() => import('@/app/not-found-page').then((m) => ({ default: m.NotFoundPage })));

/**
 * `/` opens the library with the query string it was given (`/?page=2` is the library's page 2):
 * main.tsx and the early script have already asked for that list (decision 245).
 */
function ToLanding() {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: `/${LANDING_SEGMENT}`, search, hash }} replace />;
}

/**
 * Declarative routes (React Router's `<Routes>`), not the data router: the app loads no data in
 * route loaders (React Query owns server state), and the data router costs ~16 KB gzipped more on
 * the first load (decision 006). What it would add that the app needs,
 * blocking a navigation, comes from the guarded history in src/lib/navigation-guard.ts (decision
 * 100). A page chunk that fails to load is caught by the layout's error boundary, which offers
 * retry and reload.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<ToLanding />} />
        {PAGE_ROUTES.map(({ path, Component }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
