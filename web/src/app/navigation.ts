/**
 * spec 2 and 6 menus: customers see the customer menu only (with Consults, their fit questions and the lab's
 * answers); admins Dashboard, Order Approval, Invoices, Statements, Warranty Claims and Consults; super admins
 * also User, Customer, Lens and Email Management, Consultant and Production Settings, Machine Clients, Webhooks
 * and Audit.
 */
import { ROLES, type Role } from '../../../core/rules/auth-status';
import { permits, type PracticeAbility, type PracticeRole } from '../../../core/rules/practice-roles';
import type { IconName } from '../components/layout/nav-icon';
import { PORTAL_ROUTES } from './route-table';

export interface MenuItem {
  path: string;
  label: string;
  icon: IconName;
  /** A practice page: shown only to a role in the practice in view that grants this (core/rules/practice-roles.ts). */
  ability?: PracticeAbility;
}

export const CUSTOMER_MENU: readonly MenuItem[] = [
  { path: PORTAL_ROUTES.customerHome.path, label: 'Dashboard', icon: 'dashboard' },
  { path: PORTAL_ROUTES.customerOrder.path, label: 'Order Form', icon: 'order', ability: 'orders' },
  { path: PORTAL_ROUTES.customerPayment.path, label: 'Pay Online', icon: 'payment', ability: 'money' },
  { path: PORTAL_ROUTES.customerCredit.path, label: 'Lens Credit', icon: 'credit', ability: 'money' },
  { path: PORTAL_ROUTES.customerConsults.path, label: 'Consults', icon: 'consults', ability: 'orders' },
  { path: PORTAL_ROUTES.customerPeople.path, label: 'People', icon: 'users', ability: 'people' },
  { path: PORTAL_ROUTES.customerProfile.path, label: 'Profile', icon: 'profile' },
];

export const ADMIN_MENU: readonly MenuItem[] = [
  { path: PORTAL_ROUTES.adminHome.path, label: 'Dashboard', icon: 'dashboard' },
  { path: PORTAL_ROUTES.orderApproval.path, label: 'Order Approval', icon: 'approval' },
  { path: PORTAL_ROUTES.adminInvoices.path, label: 'Invoices', icon: 'payment' },
  { path: PORTAL_ROUTES.adminStatements.path, label: 'Statements', icon: 'payment' },
  { path: PORTAL_ROUTES.warrantyClaims.path, label: 'Warranty Claims', icon: 'credit' },
  { path: PORTAL_ROUTES.adminConsults.path, label: 'Consults', icon: 'consults' },
];

export const SUPER_ADMIN_MENU: readonly MenuItem[] = [
  { path: PORTAL_ROUTES.userManagement.path, label: 'User Management', icon: 'users' },
  { path: PORTAL_ROUTES.customerManagement.path, label: 'Customer Management', icon: 'customers' },
  { path: PORTAL_ROUTES.lensManagement.path, label: 'Lens Management', icon: 'lenses' },
  { path: PORTAL_ROUTES.emailManagement.path, label: 'Email Management', icon: 'email' },
  { path: PORTAL_ROUTES.consultantSettings.path, label: 'Consultant Settings', icon: 'tune' },
  { path: PORTAL_ROUTES.productionSettings.path, label: 'Production Settings', icon: 'tune' },
  { path: PORTAL_ROUTES.machineClients.path, label: 'Machine Clients', icon: 'tune' },
  { path: PORTAL_ROUTES.webhooks.path, label: 'Webhooks', icon: 'tune' },
  { path: PORTAL_ROUTES.audit.path, label: 'Audit', icon: 'audit' },
];

/**
 * The role's menu. A practice user's shows the pages their roles in the practice in view allow (`practiceRoles`;
 * null: no practice yet, or not known, and the server refuses what the roles do not allow anyway).
 */
export function menuFor(role: Role, practiceRoles: readonly PracticeRole[] | null = null): readonly MenuItem[] {
  switch (role) {
    case ROLES.CUSTOMER:
      // Without a practice in view there are no people to manage; the other pages say why they are empty.
      return CUSTOMER_MENU.filter((item) =>
        practiceRoles ? !item.ability || permits(practiceRoles, item.ability) : item.ability !== 'people',
      );
    case ROLES.ADMIN:
      return ADMIN_MENU;
    case ROLES.SUPERADMIN:
      return [...ADMIN_MENU, ...SUPER_ADMIN_MENU];
  }
}
