import type { ReactNode } from 'react';
import { useAccountInView, useSession } from '../lib/session-context';
import { PageHeader } from './page-header';
import { LoadingLine } from './ui/spinner';

/**
 * A practice's page of one account: its title and a loading line until the account in view is known and no
 * switch is under way, then the page for that account.
 */
export function AccountInView({
  title,
  loading,
  children,
}: {
  title: string;
  loading: string;
  children: (account: string) => ReactNode;
}) {
  const session = useSession();
  const account = useAccountInView();
  if (!account || session.customer.switching)
    return (
      <>
        <PageHeader title={title} />
        <LoadingLine>{loading}</LoadingLine>
      </>
    );
  return children(account);
}
