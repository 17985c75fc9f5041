import type { Group } from '../../core/constants';
import type { PracticeRole } from '../../core/rules/practice-roles';
import type { CustomerRecord } from '../../core/schemas/customers/customer-info';

/** A demo login: printed by `npm start`, listed in the README, used by the browser tests. */
export interface DemoUser {
  key:
    | 'superAdmin'
    | 'admin'
    | 'customer'
    | 'secondPractice'
    | 'unlinkedCustomer'
    | 'termsPending'
    | 'practiceStaff'
    | 'practiceBiller';
  label: string;
  email: string;
  password: string;
  groups: Group[];
  firstName: string;
  lastName: string;
  accountNumber?: string;
  accountNumbers?: string[];
  company?: string;
  /** Roles per linked practice (docs/decisions/0112-practice-roles.md); left out, a link keeps every right. */
  practiceRoles?: Record<string, PracticeRole[]>;
  /** False for the one demo user who still has to accept the terms (spec 2 terms page). */
  termsAccepted?: boolean;
  /**
   * Lab staff sign in with an authenticator app. The demo staff's TOTP secret is fixed and
   * documented (README, docs/local-stack.md): add it to an authenticator app, or print the current code with
   * `npx tsx scripts/totp-code.ts superadmin`. It protects only local demo data.
   */
  totpSecret?: string;
}

// Demo passwords meet the pool's policy (core/password-policy.ts); they protect only local demo data.
export const DEMO_USERS: DemoUser[] = [
  {
    key: 'superAdmin',
    label: 'Super admin',
    email: 'superadmin@lenslab.test',
    password: 'Lenslab!Super1',
    totpSecret: 'LENSLABSUPERADMINDEMOTOTPSECRET2',
    groups: ['admin', 'superadmin'],
    firstName: 'Sam',
    lastName: 'Rivera',
  },
  {
    key: 'admin',
    label: 'Admin (order desk, billing)',
    email: 'admin@lenslab.test',
    password: 'Lenslab!Admin1',
    totpSecret: 'LENSLABADMINDEMOTOTPSECRETKEY234',
    // The billing permission a super admin gives named staff (core/routes/access-groups.ts BILLING).
    groups: ['admin', 'billing'],
    firstName: 'Alex',
    lastName: 'Chen',
  },
  {
    key: 'customer',
    label: 'Customer, Brightview Eye Care (3 accounts)',
    email: 'fitter@brightview.test',
    password: 'Lenslab!Demo1',
    groups: ['customer'],
    firstName: 'Dana',
    lastName: 'Okafor',
    accountNumber: 'BV-1001',
    accountNumbers: ['BV-1002', 'BV-1003'],
    company: 'Brightview Eye Care',
    // Brightview's practice admin and a doctor in each of its locations.
    practiceRoles: {
      'BV-1001': ['practiceAdmin', 'doctor'],
      'BV-1002': ['practiceAdmin', 'doctor'],
      'BV-1003': ['practiceAdmin', 'doctor'],
    },
  },
  {
    key: 'practiceStaff',
    label: 'Front desk, Brightview Eye Care (staff)',
    email: 'frontdesk@brightview.test',
    password: 'Lenslab!Demo5',
    groups: ['customer'],
    firstName: 'Jordan',
    lastName: 'Reyes',
    accountNumber: 'BV-1001',
    company: 'Brightview Eye Care',
    practiceRoles: { 'BV-1001': ['staff'] },
  },
  {
    key: 'practiceBiller',
    label: 'Biller, Brightview Eye Care (billing)',
    email: 'billing@brightview.test',
    password: 'Lenslab!Demo6',
    groups: ['customer'],
    firstName: 'Casey',
    lastName: 'Lin',
    accountNumber: 'BV-1001',
    company: 'Brightview Eye Care',
    practiceRoles: { 'BV-1001': ['billing'] },
  },
  {
    key: 'secondPractice',
    label: 'Customer, Harbor Vision Clinic (2 accounts)',
    email: 'frontdesk@harborvision.test',
    password: 'Lenslab!Demo2',
    groups: ['customer'],
    firstName: 'Morgan',
    lastName: 'Patel',
    accountNumber: 'HV-2001',
    accountNumbers: ['HV-2002'],
    company: 'Harbor Vision Clinic',
  },
  {
    key: 'unlinkedCustomer',
    label: 'Customer without an account number yet',
    email: 'newpractice@clearsight.test',
    password: 'Lenslab!Demo3',
    groups: ['customer'],
    firstName: 'Jamie',
    lastName: 'Lindqvist',
    company: 'ClearSight Optometry',
  },
  {
    key: 'termsPending',
    label: 'Customer who has not accepted the terms yet',
    email: 'optician@harborvision.test',
    password: 'Lenslab!Demo4',
    groups: ['customer'],
    firstName: 'Riley',
    lastName: 'Moreau',
    accountNumber: 'HV-2002',
    company: 'Harbor Vision Clinic',
    termsAccepted: false,
  },
];

const address = (a: string, city: string, state: string, zip: string) => ({
  address: a,
  city,
  state,
  zip,
  country: 'US',
});

export const DEMO_CUSTOMERS: CustomerRecord[] = [
  {
    accountNumber: 'BV-1001',
    company: 'Brightview Eye Care — Main Street',
    phone: '(503) 555-0142',
    faxNumber: '(503) 555-0143',
    shippingAddress: address('1200 Main Street, Suite 300', 'Portland', 'OR', '97205'),
    pricingAllowed: true,
    buyingGroupId: 'vision-source',
    status: 'active',
    // Accounts payable, not portal users: invoices, statements and reminders go there too.
    billingContacts: ['ap@brightview.test', 'bookkeeper@brightview.test'],
  },
  {
    accountNumber: 'BV-1002',
    company: 'Brightview Eye Care — Eastside',
    phone: '(503) 555-0188',
    shippingAddress: address('88 SE Division Street', 'Portland', 'OR', '97202'),
    pricingAllowed: true,
    buyingGroupId: 'vision-source',
    status: 'active',
  },
  {
    accountNumber: 'BV-1003',
    company: 'Brightview Eye Care — Beaverton',
    phone: '(503) 555-0199',
    shippingAddress: address('4500 SW Hall Blvd', 'Beaverton', 'OR', '97005'),
    pricingAllowed: false,
    buyingGroupId: 'vision-source',
    status: 'active',
  },
  {
    accountNumber: 'HV-2001',
    company: 'Harbor Vision Clinic',
    phone: '(207) 555-0110',
    faxNumber: '(207) 555-0111',
    shippingAddress: address('15 Commercial Street', 'Portland', 'ME', '04101'),
    pricingAllowed: true,
    buyingGroupId: 'caa',
    status: 'active',
  },
  {
    accountNumber: 'HV-2002',
    company: 'Harbor Vision Clinic — Falmouth',
    phone: '(207) 555-0120',
    shippingAddress: address('240 Route 1', 'Falmouth', 'ME', '04105'),
    pricingAllowed: false,
    buyingGroupId: 'caa',
    status: 'active',
  },
];

export const DEMO_BUYING_GROUPS = [
  { buyingGroupId: 'vision-source', name: 'Vision Source' },
  { buyingGroupId: 'caa', name: 'CAA Optometric Network' },
  { buyingGroupId: 'pecaa', name: 'PECAA' },
  { buyingGroupId: 'idoc', name: 'IDOC' },
  { buyingGroupId: 'none', name: 'Independent (no buying group)' },
];
