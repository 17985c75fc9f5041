import { SidebarIdentity } from '../../../components/layout/sidebar-identity';
import { AccountSwitcher, type AccountSwitcherProps } from './account-switcher';

/** spec 2: the customer sidebar header: full name, role label and the account-number dropdown. */
export function CustomerSidebarHeader({
  fullName,
  roleLabel,
  ...accounts
}: { fullName: string; roleLabel: string } & AccountSwitcherProps) {
  return (
    <SidebarIdentity name={fullName} roleLabel={roleLabel}>
      <AccountSwitcher {...accounts} />
    </SidebarIdentity>
  );
}
