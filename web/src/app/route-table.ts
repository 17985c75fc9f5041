/**
 * spec 2 route table: every page of the portal (its path from core/page-paths.ts, keyed the same way) with
 * its document title and whether it is public or guarded. A guarded page's requiredRole list (spec 4) is
 * not repeated here: handleOf() reads it from the one role table, core/rules/route-guard.ts. router.tsx turns it into routes; the menus (navigation.ts) and the tests read it too.
 */
import { PAGE_PATHS, type PageKey } from '../../../core/page-paths';
import type { Role } from '../../../core/rules/auth-status';
import { requiredRolesFor } from '../../../core/rules/route-guard';

export const APP_NAME = 'Lenslab Portal';

export interface PortalRoute {
  path: string;
  title: string;
  /** Public routes (spec 2) have no guard, no session timer and no verification overlay. */
  guarded: boolean;
  /**
   * Public pages written to HTML at build time (scripts/prerender-plugin.ts), so they paint before any
   * script runs: the pages a visitor meets first. Not the terms and email verification pages: until the
   * session is known they show only a spinner, which index.html's loader already is.
   */
  prerendered?: true;
}

const AUTH_TITLE = 'Authentication';
const CONSULTANT_TITLE = 'Ampleye Virtual Consultant';

export const PORTAL_ROUTES = {
  login: { path: PAGE_PATHS.login, title: AUTH_TITLE, guarded: false, prerendered: true },
  signUp: { path: PAGE_PATHS.signUp, title: AUTH_TITLE, guarded: false, prerendered: true },
  verifyEmail: { path: PAGE_PATHS.verifyEmail, title: AUTH_TITLE, guarded: false },
  forgotPassword: { path: PAGE_PATHS.forgotPassword, title: AUTH_TITLE, guarded: false, prerendered: true },
  resetPassword: { path: PAGE_PATHS.resetPassword, title: AUTH_TITLE, guarded: false },
  accountRequest: { path: PAGE_PATHS.accountRequest, title: AUTH_TITLE, guarded: false },
  virtualConsultant: {
    path: PAGE_PATHS.virtualConsultant,
    title: CONSULTANT_TITLE,
    guarded: false,
    prerendered: true,
  },
  /** The scleral fit troubleshooter: observations in, suggestions out, nothing stored (public). */
  consultantTroubleshooter: {
    path: PAGE_PATHS.consultantTroubleshooter,
    title: CONSULTANT_TITLE,
    guarded: false,
  },
  /** Ask a consultant without an account (a visitor's request; a signed-in practice is offered its own form). */
  consultantAsk: { path: PAGE_PATHS.consultantAsk, title: CONSULTANT_TITLE, guarded: false },
  terms: { path: PAGE_PATHS.terms, title: 'Terms and Conditions', guarded: false },
  settings: { path: PAGE_PATHS.settings, title: 'Settings', guarded: true },
  /** The notification centre's inbox (the header's bell opens it), for practices and the lab alike. */
  notifications: { path: PAGE_PATHS.notifications, title: 'Notifications', guarded: true },
  customerHome: { path: PAGE_PATHS.customerHome, title: 'Dashboard', guarded: true },
  customerOrder: { path: PAGE_PATHS.customerOrder, title: 'Order Form', guarded: true },
  /** An order's detail and timeline (reached from the dashboard; not a menu entry). */
  customerOrderDetail: { path: PAGE_PATHS.customerOrderDetail, title: 'Order', guarded: true },
  customerPayment: { path: PAGE_PATHS.customerPayment, title: 'Pay Online', guarded: true },
  customerCredit: { path: PAGE_PATHS.customerCredit, title: 'Lens Credit', guarded: true },
  customerProfile: { path: PAGE_PATHS.customerProfile, title: 'Profile', guarded: true },
  /** The practice admin's people and their roles (docs/decisions/0112-practice-roles.md). */
  customerPeople: { path: PAGE_PATHS.customerPeople, title: 'People', guarded: true },
  /** The practice's consult requests and the lab's answers ("Order this"). */
  customerConsults: { path: PAGE_PATHS.customerConsults, title: 'Consults', guarded: true },
  customerConsultNew: {
    path: PAGE_PATHS.customerConsultNew,
    title: 'Ask a Consultant',
    guarded: true,
  },
  customerConsultDetail: {
    path: PAGE_PATHS.customerConsultDetail,
    title: 'Consult',
    guarded: true,
  },
  adminHome: { path: PAGE_PATHS.adminHome, title: 'Dashboard', guarded: true },
  orderApproval: { path: PAGE_PATHS.orderApproval, title: 'Order Approval', guarded: true },
  /** One order in the approval queue, with every parameter, its files and the lab's actions. */
  orderApprovalDetail: {
    path: PAGE_PATHS.orderApprovalDetail,
    title: 'Order Approval',
    guarded: true,
  },
  /** Cancellations and defect reports from practices (Lens Credit), and goodwill credit. */
  warrantyClaims: {
    path: PAGE_PATHS.warrantyClaims,
    title: 'Warranty Claims',
    guarded: true,
  },
  /** Consult requests waiting for the lab's answer, oldest first, against a one-business-day target. */
  adminConsults: { path: PAGE_PATHS.adminConsults, title: 'Consults', guarded: true },
  adminConsultDetail: { path: PAGE_PATHS.adminConsultDetail, title: 'Consult', guarded: true },
  /** Every practice's invoices: record by hand, void, record a cheque or transfer. */
  adminInvoices: { path: PAGE_PATHS.adminInvoices, title: 'Invoices', guarded: true },
  adminStatements: { path: PAGE_PATHS.adminStatements, title: 'Statements', guarded: true },
  userManagement: {
    path: PAGE_PATHS.userManagement,
    title: 'User Management',
    guarded: true,
  },
  customerManagement: {
    path: PAGE_PATHS.customerManagement,
    title: 'Customer Management',
    guarded: true,
  },
  lensManagement: {
    path: PAGE_PATHS.lensManagement,
    title: 'Lens Management',
    guarded: true,
  },
  emailManagement: {
    path: PAGE_PATHS.emailManagement,
    title: 'Email Management',
    guarded: true,
  },
  /** The troubleshooter's thresholds and the designs it covers. */
  consultantSettings: {
    path: PAGE_PATHS.consultantSettings,
    title: 'Consultant Settings',
    guarded: true,
  },
  /** The lab's production stages and the shipping calendar the ship promise is counted on. */
  productionSettings: {
    path: PAGE_PATHS.productionSettings,
    title: 'Production Settings',
    guarded: true,
  },
  /** The endpoints the lab's systems receive signed events at, and their delivery logs. */
  webhooks: { path: PAGE_PATHS.webhooks, title: 'Webhooks', guarded: true },
  /** The audit trail: denied requests and every change the lab made. */
  audit: { path: PAGE_PATHS.audit, title: 'Audit', guarded: true },
  /** The programs that call the machine API (docs/integration.md): register, list, delete. */
  machineClients: { path: PAGE_PATHS.machineClients, title: 'Machine Clients', guarded: true },
  error: { path: PAGE_PATHS.error, title: 'Error', guarded: false },
  notFound: { path: PAGE_PATHS.notFound, title: 'Not Found', guarded: false },
} as const satisfies Record<PageKey, PortalRoute>;

export type PortalRouteKey = keyof typeof PORTAL_ROUTES;

/** The paths written to HTML at build time (`prerendered` above). */
export const PRERENDERED_PATHS: readonly string[] = Object.values(PORTAL_ROUTES as Record<string, PortalRoute>)
  .filter((route) => route.prerendered)
  .map((route) => route.path);

/** The signed-in pages at fixed paths: each gets an HTML shell naming its modules (scripts/prerender-html.ts). */
export const SHELL_PATHS: readonly string[] = Object.values(PORTAL_ROUTES as Record<string, PortalRoute>)
  .filter((route) => route.guarded && !route.path.includes(':'))
  .map((route) => route.path);

/** What each route match carries in `handle`, for the document title and the guard. */
export interface RouteHandle {
  /** A fixed title, or one that depends on the path parameters (the error pages). */
  title: string | ((params: Readonly<Record<string, string | undefined>>) => string);
  requiredRoles?: readonly Role[];
}

/** A route's handle; a guarded route's required roles come from the one role table, core/rules/route-guard.ts. */
export const handleOf = (route: PortalRoute): RouteHandle => {
  const requiredRoles = route.guarded ? requiredRolesFor(route.path) : null;
  return { title: route.title, ...(requiredRoles ? { requiredRoles } : {}) };
};

/** Whether a route's handle makes it a signed-in page (it names the roles that may open it). */
export const signedInHandle = (handle: unknown): boolean => Boolean((handle as RouteHandle | undefined)?.requiredRoles);

/** The document title for a page title. */
export const documentTitle = (title: string) => `${title} | ${APP_NAME}`;

/** The titles of the /error/{code} pages; any other code is a generic 'Error'. */
const ERROR_TITLES: Record<string, string> = {
  'not-found': 'Not Found',
  'access-denied': 'Access Denied',
  server: 'Something went wrong',
};

export const errorTitle = (code: string | undefined) => ERROR_TITLES[code ?? ''] ?? 'Error';
