/**
 * The portal's routes (spec 2 route table, from route-table.ts). Every page is its own lazily loaded chunk,
 * so the sign-in route downloads only the sign-in code; guarded pages sit under the route guard and the
 * signed-in layout, public pages render only their content.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { BootLoader } from '../components/boot-loader';
import { Root } from './root';
import { RouteErrorBoundary } from './route-error-boundary';
import { errorTitle, handleOf, PORTAL_ROUTES, type PortalRouteKey } from './route-table';

type PageModule = { default: ComponentType };

/** A route of the table whose page is loaded when first visited. */
function page(key: PortalRouteKey, load: () => Promise<PageModule>, path?: string): RouteObject {
  const route = PORTAL_ROUTES[key];
  return {
    path: path ?? route.path,
    handle: handleOf(route),
    lazy: async () => ({ Component: (await load()).default }),
  };
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
      page('login', () => import('./routes/auth/login')),
      page('signUp', () => import('./routes/auth/sign-up')),
      page('verifyEmail', () => import('./routes/auth/verify-email')),
      page('forgotPassword', () => import('./routes/auth/forgot-password')),
      page('resetPassword', () => import('./routes/auth/reset-password')),
      page('accountRequest', () => import('./routes/auth/request')),
      page('virtualConsultant', () => import('./routes/consultant/overview')),
      page('consultantTroubleshooter', () => import('./routes/consultant/troubleshooter')),
      page('consultantAsk', () => import('./routes/consultant/ask')),
      page('terms', () => import('./routes/terms')),
      {
        ...page('error', () => import('./routes/error')),
        handle: { title: (params: Readonly<Record<string, string | undefined>>) => errorTitle(params['*']) },
      },
      {
        // The guard and the signed-in layout load with the first guarded page, not with the sign-in page.
        lazy: async () => ({ Component: (await import('./guarded-layout')).GuardedLayout }),
        children: [
          page('settings', () => import('./routes/settings')),
          {
            path: 'customer',
            element: <Navigate to={PORTAL_ROUTES.customerHome.path} replace />,
            handle: handleOf(PORTAL_ROUTES.customerHome),
          },
          page('customerHome', () => import('./routes/customer/home')),
          page('customerOrder', () => import('./routes/customer/order')),
          page('customerOrderDetail', () => import('./routes/customer/order-detail')),
          page('customerPayment', () => import('./routes/customer/payment')),
          page('customerCredit', () => import('./routes/customer/credit')),
          page('customerProfile', () => import('./routes/customer/profile')),
          page('customerConsults', () => import('./routes/customer/consults')),
          page('customerConsultNew', () => import('./routes/customer/consult-new')),
          page('customerConsultDetail', () => import('./routes/customer/consult-detail')),
          {
            path: 'admin',
            element: <Navigate to={PORTAL_ROUTES.adminHome.path} replace />,
            handle: handleOf(PORTAL_ROUTES.adminHome),
          },
          page('adminHome', () => import('./routes/admin/home')),
          page('orderApproval', () => import('./routes/admin/order-approval')),
          page('orderApprovalDetail', () => import('./routes/admin/order-approval-detail')),
          page('adminInvoices', () => import('./routes/admin/invoices')),
          page('warrantyClaims', () => import('./routes/admin/warranty-claims')),
          page('adminConsults', () => import('./routes/admin/consults')),
          page('adminConsultDetail', () => import('./routes/admin/consult-detail')),
          page('consultantSettings', () => import('./routes/admin/consultant-settings')),
          page('audit', () => import('./routes/admin/audit')),
          page('userManagement', () => import('./routes/admin/user-management')),
          page('customerManagement', () => import('./routes/admin/customer-management')),
          page('lensManagement', () => import('./routes/admin/lens-management')),
          page('emailManagement', () => import('./routes/admin/email-management')),
        ],
      },
      page('notFound', () => import('./routes/not-found')),
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
