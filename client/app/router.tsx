// The data router, generated from the route table: every table route gets
// the guard as its loader and the generic RouteScreen as its element.
import { createBrowserRouter, redirect, type RouteObject } from 'react-router-dom';
import { RootLayout } from './layout/RootLayout';
import { NotFoundPage } from './pages/NotFoundPage';
import { RouteErrorPage } from './pages/RouteErrorPage';
import { appRoutes, redirectRoutes } from './routes';
import { runGuard } from './routing/navigationGuard';
import { RouteScreen } from './routing/RouteScreen';
import { ScreenLoading } from './routing/ScreenHost';
import { ScreenLoadError } from './routing/screenLoading';
import type { RouteHandle } from './routing/currentRoute';
import type { AppRoute } from './routing/types';
import { sessionStore } from './session/session';
import { texts } from './texts';

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { title: route.title, appRoute: route };
  return {
    path: route.path,
    // Keyed by path: a screen that failed to load must not leave its error
    // state behind for the next screen rendered in the same outlet.
    element: <RouteScreen key={route.path} route={route} />,
    errorElement: <RouteErrorPage />,
    loader: ({ request }) => runGuard(route, request.url),
    handle,
  };
}

export function buildRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      hydrateFallbackElement: <ScreenLoading />,
      children: [
        // The query string travels on (`/home?next=…` keeps the page to return to).
        ...redirectRoutes.map(({ path, to }) => ({
          path,
          loader: ({ request }: { request: Request }) => redirect(`${to}${new URL(request.url).search}`),
        })),
        ...routes.filter((r) => r.layout === 'bare').map(toRouteObject),
        {
          // The signed-in shell (AppShell, menus) loads with the first /system
          // screen, so the landing and sign-in pages stay light.
          lazy: () =>
            import('./layout/ShellLayout').then(
              (m) => ({ Component: m.ShellLayout }),
              (error: unknown) => {
                throw new ScreenLoadError(error);
              },
            ),
          children: routes.filter((r) => r.layout === 'shell').map(toRouteObject),
        },
        {
          path: '*',
          element: <NotFoundPage />,
          handle: { title: texts.notFound.title } satisfies RouteHandle,
          loader: () => {
            sessionStore.applyRouteParentPath(undefined);
            return null;
          },
        },
      ],
    },
  ];
}

export const appRouter = createBrowserRouter(buildRouteObjects(appRoutes));
