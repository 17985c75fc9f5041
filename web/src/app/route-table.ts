/**
 * spec 2 route table: every path of the portal with its document title, whether it is public or guarded,
 * and the requiredRole list the route guard checks (spec 4). router.tsx turns it into routes; the menus
 * (navigation.ts) and the tests read it too.
 */
import { ROLES, type Role } from '../../../core/rules/auth-status';

export const APP_NAME = 'Lenslab Portal';

const ALL_ROLES: readonly Role[] = [ROLES.SUPERADMIN, ROLES.ADMIN, ROLES.CUSTOMER];
const CUSTOMER: readonly Role[] = [ROLES.CUSTOMER];
const ADMINS: readonly Role[] = [ROLES.ADMIN, ROLES.SUPERADMIN];
const SUPER_ADMIN: readonly Role[] = [ROLES.SUPERADMIN];

export interface PortalRoute {
  path: string;
  title: string;
  /** Public routes (spec 2) have no guard, no session timer and no verification overlay. */
  guarded: boolean;
  /** spec 4: the roles the route requires; absent means any signed-in user the guard lets through. */
  requiredRoles?: readonly Role[];
}

const AUTH_TITLE = 'Authentication';
const CONSULTANT_TITLE = 'Ampleye Virtual Consultant';

export const PORTAL_ROUTES = {
  login: { path: '/auth/login', title: AUTH_TITLE, guarded: false },
  signUp: { path: '/auth/sign-up', title: AUTH_TITLE, guarded: false },
  verifyEmail: { path: '/auth/verify-email', title: AUTH_TITLE, guarded: false },
  forgotPassword: { path: '/auth/forgot-password', title: AUTH_TITLE, guarded: false },
  resetPassword: { path: '/auth/reset-password', title: AUTH_TITLE, guarded: false },
  accountRequest: { path: '/auth/request', title: AUTH_TITLE, guarded: false },
  virtualConsultant: { path: '/ampleye-virtual-consultant', title: CONSULTANT_TITLE, guarded: false },
  /** The scleral fit troubleshooter: observations in, suggestions out, nothing stored (public). */
  consultantTroubleshooter: {
    path: '/ampleye-virtual-consultant/troubleshooter',
    title: CONSULTANT_TITLE,
    guarded: false,
  },
  /** Ask a consultant without an account (a visitor's request; a signed-in practice is offered its own form). */
  consultantAsk: { path: '/ampleye-virtual-consultant/ask', title: CONSULTANT_TITLE, guarded: false },
  terms: { path: '/terms', title: 'Terms and Conditions', guarded: false },
  settings: { path: '/settings', title: 'Settings', guarded: true, requiredRoles: ALL_ROLES },
  customerHome: { path: '/customer/home', title: 'Dashboard', guarded: true, requiredRoles: CUSTOMER },
  customerOrder: { path: '/customer/order', title: 'Order Form', guarded: true, requiredRoles: CUSTOMER },
  /** An order's detail and timeline (reached from the dashboard; not a menu entry). */
  customerOrderDetail: { path: '/customer/orders/:orderId', title: 'Order', guarded: true, requiredRoles: CUSTOMER },
  customerPayment: { path: '/customer/payment', title: 'Pay Online', guarded: true, requiredRoles: CUSTOMER },
  customerCredit: { path: '/customer/credit', title: 'Lens Credit', guarded: true, requiredRoles: CUSTOMER },
  customerProfile: { path: '/customer/profile', title: 'Profile', guarded: true, requiredRoles: CUSTOMER },
  /** The practice's consult requests and the lab's answers ("Order this"). */
  customerConsults: { path: '/customer/consults', title: 'Consults', guarded: true, requiredRoles: CUSTOMER },
  customerConsultNew: {
    path: '/customer/consults/new',
    title: 'Ask a Consultant',
    guarded: true,
    requiredRoles: CUSTOMER,
  },
  customerConsultDetail: {
    path: '/customer/consults/:consultId',
    title: 'Consult',
    guarded: true,
    requiredRoles: CUSTOMER,
  },
  adminHome: { path: '/admin/home', title: 'Dashboard', guarded: true, requiredRoles: ADMINS },
  orderApproval: { path: '/admin/order-approval', title: 'Order Approval', guarded: true, requiredRoles: ADMINS },
  /** One order in the approval queue, with every parameter, its files and the lab's actions. */
  orderApprovalDetail: {
    path: '/admin/order-approval/:orderId',
    title: 'Order Approval',
    guarded: true,
    requiredRoles: ADMINS,
  },
  /** Cancellations and defect reports from practices (Lens Credit), and goodwill credit. */
  warrantyClaims: {
    path: '/admin/warranty-claims',
    title: 'Warranty Claims',
    guarded: true,
    requiredRoles: ADMINS,
  },
  /** Consult requests waiting for the lab's answer, oldest first, against a one-business-day target. */
  adminConsults: { path: '/admin/consults', title: 'Consults', guarded: true, requiredRoles: ADMINS },
  adminConsultDetail: { path: '/admin/consults/:consultId', title: 'Consult', guarded: true, requiredRoles: ADMINS },
  /** Every practice's invoices: record by hand, void, record a cheque or transfer (issue 9). */
  adminInvoices: { path: '/admin/invoices', title: 'Invoices', guarded: true, requiredRoles: ADMINS },
  userManagement: {
    path: '/admin/user-management',
    title: 'User Management',
    guarded: true,
    requiredRoles: SUPER_ADMIN,
  },
  customerManagement: {
    path: '/admin/customer-management',
    title: 'Customer Management',
    guarded: true,
    requiredRoles: SUPER_ADMIN,
  },
  lensManagement: {
    path: '/admin/lens-management',
    title: 'Lens Management',
    guarded: true,
    requiredRoles: SUPER_ADMIN,
  },
  emailManagement: {
    path: '/admin/email-management',
    title: 'Email Management',
    guarded: true,
    requiredRoles: SUPER_ADMIN,
  },
  /** The troubleshooter's thresholds and the designs it covers. */
  consultantSettings: {
    path: '/admin/consultant-settings',
    title: 'Consultant Settings',
    guarded: true,
    requiredRoles: SUPER_ADMIN,
  },
  /** The audit trail: denied requests and every change the lab made (issue 10 item 13). */
  audit: { path: '/admin/audit', title: 'Audit', guarded: true, requiredRoles: SUPER_ADMIN },
  error: { path: '/error/*', title: 'Error', guarded: false },
  notFound: { path: '*', title: 'Not Found', guarded: false },
} as const satisfies Record<string, PortalRoute>;

export type PortalRouteKey = keyof typeof PORTAL_ROUTES;

/** What each route match carries in `handle`, for the document title and the guard. */
export interface RouteHandle {
  /** A fixed title, or one that depends on the path parameters (the error pages). */
  title: string | ((params: Readonly<Record<string, string | undefined>>) => string);
  requiredRoles?: readonly Role[];
}

export const handleOf = (route: PortalRoute): RouteHandle => ({
  title: route.title,
  ...(route.requiredRoles ? { requiredRoles: route.requiredRoles } : {}),
});

/** The document title for a page title. */
export const documentTitle = (title: string) => `${title} | ${APP_NAME}`;

/** The titles of the /error/{code} pages; any other code is a generic 'Error'. */
const ERROR_TITLES: Record<string, string> = {
  'not-found': 'Not Found',
  'access-denied': 'Access Denied',
  server: 'Something went wrong',
};

export const errorTitle = (code: string | undefined) => ERROR_TITLES[code ?? ''] ?? 'Error';
