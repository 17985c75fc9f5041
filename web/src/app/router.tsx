/**
 * The portal's routes (spec 2 route table, from route-table.ts). Every page is its own lazily loaded chunk,
 * so the sign-in route downloads only the sign-in code; guarded pages sit under the route guard and the
 * signed-in layout, public pages render only their content.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router-dom';
import { BootLoader } from '../components/boot-loader';
import { Root } from './root';
import { RouteErrorBoundary } from './route-error-boundary';
import { errorTitle, handleOf, PORTAL_ROUTES, signedInHandle, type PortalRouteKey } from './route-table';

type PageModule = { default: ComponentType };

/** Every page module by its file, each its own chunk (the glob is Vite's `import()` per file). */
const PAGE_MODULES = import.meta.glob<PageModule>('./routes/**/*.tsx');
/** A page route's module as the build manifest names it (`src/app/routes/auth/login.tsx`), for the prerender. */
const moduleOfRoute = new WeakMap<RouteObject, string>();

/** A route of the table whose page (`./routes/{module}.tsx`) is loaded when first visited. */
function page(key: PortalRouteKey, module: string, handle: RouteObject['handle'] = handleOf(PORTAL_ROUTES[key])) {
  const file = `./routes/${module}.tsx`;
  const load = PAGE_MODULES[file];
  if (!load) throw new Error(`The route ${key} names ${file}, which does not exist.`);
  const route: RouteObject = {
    path: PORTAL_ROUTES[key].path,
    handle,
    lazy: async () => ({ Component: (await load()).default }),
  };
  moduleOfRoute.set(route, `src/app/${file.slice(2)}`);
  return route;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Root,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: BootLoader,
    children: [
      // spec 2: the empty path redirects to auth/login.
      {
        index: true,
        element: <Navigate to={PORTAL_ROUTES.login.path} replace />,
        handle: handleOf(PORTAL_ROUTES.login),
      },
      {
        path: 'auth',
        element: <Navigate to={PORTAL_ROUTES.login.path} replace />,
        handle: handleOf(PORTAL_ROUTES.login),
      },
      page('login', 'auth/login'),
      page('signUp', 'auth/sign-up'),
      page('verifyEmail', 'auth/verify-email'),
      page('forgotPassword', 'auth/forgot-password'),
      page('resetPassword', 'auth/reset-password'),
      page('accountRequest', 'auth/request'),
      page('virtualConsultant', 'consultant/overview'),
      page('consultantTroubleshooter', 'consultant/troubleshooter'),
      page('consultantAsk', 'consultant/ask'),
      page('terms', 'terms'),
      page('error', 'error', {
        title: (params: Readonly<Record<string, string | undefined>>) => errorTitle(params['*']),
      }),
      {
        // The guard and the signed-in layout load with the first guarded page, not with the sign-in page.
        lazy: async () => ({ Component: (await import('./guarded-layout')).GuardedLayout }),
        children: [
          page('settings', 'settings'),
          page('notifications', 'notifications'),
          {
            path: 'customer',
            element: <Navigate to={PORTAL_ROUTES.customerHome.path} replace />,
            handle: handleOf(PORTAL_ROUTES.customerHome),
          },
          page('customerHome', 'customer/home'),
          page('customerOrder', 'customer/order'),
          page('customerOrderDetail', 'customer/order-detail'),
          page('customerPayment', 'customer/payment'),
          page('customerCredit', 'customer/credit'),
          page('customerProfile', 'customer/profile'),
          page('customerPeople', 'customer/people'),
          page('customerConsults', 'customer/consults'),
          page('customerConsultNew', 'customer/consult-new'),
          page('customerConsultDetail', 'customer/consult-detail'),
          {
            path: 'admin',
            element: <Navigate to={PORTAL_ROUTES.adminHome.path} replace />,
            handle: handleOf(PORTAL_ROUTES.adminHome),
          },
          page('adminHome', 'admin/home'),
          page('orderApproval', 'admin/order-approval'),
          page('orderApprovalDetail', 'admin/order-approval-detail'),
          page('adminInvoices', 'admin/invoices'),
          page('adminStatements', 'admin/statements'),
          page('warrantyClaims', 'admin/warranty-claims'),
          page('adminConsults', 'admin/consults'),
          page('adminConsultDetail', 'admin/consult-detail'),
          page('consultantSettings', 'admin/consultant-settings'),
          page('productionSettings', 'admin/production-settings'),
          page('webhooks', 'admin/webhooks'),
          page('audit', 'admin/audit'),
          page('machineClients', 'admin/machine-clients'),
          page('userManagement', 'admin/user-management'),
          page('customerManagement', 'admin/customer-management'),
          page('lensManagement', 'admin/lens-management'),
          page('emailManagement', 'admin/email-management'),
        ],
      },
      page('notFound', 'not-found'),
    ],
  },
];

/** The page modules the router loads for a path (the manifest keys the prerender preloads). */
export const pageModulesOf = (pathname: string): string[] =>
  (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => moduleOfRoute.get(route) ?? []);

/** Whether a path is a signed-in page (a matched route names required roles), before its modules load. */
export const requiresSignIn = (pathname: string): boolean =>
  (matchRoutes(routes, pathname) ?? []).some(({ route }) => signedInHandle(route.handle));

/**
 * The browser's router, started once the lazy modules of the current path are loaded: the first render is
 * the page itself, never the fallback, so a prerendered page hydrates into the same tree it was rendered
 * from (app/start.tsx), and any other page shows the index.html loader meanwhile, as before.
 */
export async function createAppRouter(pathname = window.location.pathname) {
  await Promise.all(
    (matchRoutes(routes, pathname) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      delete route.lazy;
      Object.assign(route, loaded);
    }),
  );
  return createBrowserRouter(routes);
}
