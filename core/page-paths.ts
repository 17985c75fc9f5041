/**
 * Every page path of the web app, in one table. The router mounts them (web/src/app/route-table.ts, keyed
 * the same way, adds each page's title and roles), links and redirects build theirs with `pagePaths`, the
 * route guard's rules read them, and emails link to them. Nothing else spells a page path out (a test
 * scans the sources for strays), so renaming a page is one edit here.
 */
export const PAGE_PATHS = {
  login: '/auth/login',
  signUp: '/auth/sign-up',
  verifyEmail: '/auth/verify-email',
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  accountRequest: '/auth/request',
  virtualConsultant: '/ampleye-virtual-consultant',
  consultantTroubleshooter: '/ampleye-virtual-consultant/troubleshooter',
  consultantAsk: '/ampleye-virtual-consultant/ask',
  terms: '/terms',
  settings: '/settings',
  notifications: '/notifications',
  customerHome: '/customer/home',
  customerOrder: '/customer/order',
  customerOrderDetail: '/customer/orders/:orderId',
  customerPayment: '/customer/payment',
  customerCredit: '/customer/credit',
  customerProfile: '/customer/profile',
  customerPeople: '/customer/people',
  customerConsults: '/customer/consults',
  customerConsultNew: '/customer/consults/new',
  customerConsultDetail: '/customer/consults/:consultId',
  adminHome: '/admin/home',
  orderApproval: '/admin/order-approval',
  orderApprovalDetail: '/admin/order-approval/:orderId',
  warrantyClaims: '/admin/warranty-claims',
  adminConsults: '/admin/consults',
  adminConsultDetail: '/admin/consults/:consultId',
  adminInvoices: '/admin/invoices',
  adminStatements: '/admin/statements',
  userManagement: '/admin/user-management',
  customerManagement: '/admin/customer-management',
  lensManagement: '/admin/lens-management',
  emailManagement: '/admin/email-management',
  consultantSettings: '/admin/consultant-settings',
  productionSettings: '/admin/production-settings',
  webhooks: '/admin/webhooks',
  audit: '/admin/audit',
  machineClients: '/admin/integrations',
  error: '/error/*',
  notFound: '*',
} as const;

export type PageKey = keyof typeof PAGE_PATHS;

/**
 * The areas the pages live in: the route guard's role rules and the public-route rules match by area, so a
 * new page under an area is covered without another rule.
 */
export const PAGE_AREAS = {
  customer: '/customer',
  admin: '/admin',
  auth: '/auth/',
  error: '/error/',
} as const;

type Query = Readonly<Record<string, string | number | undefined>>;

/** `?a=1&b=2` of the values given (undefined ones left out), each encoded; '' when there are none. */
function queryString(query: Query = {}): string {
  const pairs = Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
  return pairs.length ? `?${pairs.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}` : '';
}

/** A path of the table with its `:parameters` filled in (encoded) and an optional query string. */
export function pagePath(key: PageKey, params: Readonly<Record<string, string>> = {}, query?: Query): string {
  const path = PAGE_PATHS[key].replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`pagePath(${key}) needs the parameter ${name}`);
    return encodeURIComponent(value);
  });
  return `${path}${queryString(query)}`;
}

/** How the order form opens: a draft to continue, a past order to copy (reorder or warranty remake), a consult's proposal. */
export type OrderFormStart =
  { draft: string } | { from: string; kind: 'reorder' | 'warranty' } | { consult: string } | Record<string, never>;

/** The links and redirects that carry an id or a query, by what they open. */
export const pagePaths = {
  /** The practice's order detail. */
  order: (orderId: string) => pagePath('customerOrderDetail', { orderId }),
  orderForm: (start: OrderFormStart = {}) => pagePath('customerOrder', {}, start),
  consult: (consultId: string) => pagePath('customerConsultDetail', { consultId }),
  /** The lab's view of one order, in the approval queue. */
  labOrder: (orderId: string) => pagePath('orderApprovalDetail', { orderId }),
  labConsult: (consultId: string) => pagePath('adminConsultDetail', { consultId }),
  payment: (
    query: { invoice?: string; account?: string; tab?: 'statements' | 'autopay'; authenticate?: string } = {},
  ) => pagePath('customerPayment', {}, query),
  login: (query: { reset?: 1; verified?: 1; email?: string } = {}) => pagePath('login', {}, query),
  verifyEmail: (email: string) => pagePath('verifyEmail', {}, { email }),
  forgotPassword: (email?: string) => pagePath('forgotPassword', {}, { email }),
  resetPassword: (email: string) => pagePath('resetPassword', {}, { email }),
} as const;
