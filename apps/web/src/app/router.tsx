import { createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTES } from '@fonrisk/contracts';
import { AppLayout } from './app-layout.tsx';
import { KeepStateSlot } from './keep-state.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteGuard } from './route-guard.tsx';
import { screenFor } from './screens.tsx';

/** One child route per row of ROUTES (case-sensitive, spelled as the spec), then the 404 page. */
export function appRoutes(): RouteObject[] {
  const children: RouteObject[] = ROUTES.map((route) => {
    const element = (
      <RouteGuard route={route}>
        {route.keepState ? <KeepStateSlot path={route.path} /> : screenFor(route.path)}
      </RouteGuard>
    );
    return route.path === ''
      ? { index: true, element }
      : { path: route.path, caseSensitive: true, element };
  });
  children.push({ path: '*', element: <NotFoundPage /> });
  return [{ element: <AppLayout />, children }];
}

export function createAppRouter() {
  return createBrowserRouter(appRoutes());
}
