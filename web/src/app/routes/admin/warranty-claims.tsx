import { mayMoveMoney } from '../../../../../core/routes/access-groups';
import { PageHeader } from '../../../components/page-header';
import { ClaimsQueue, CreditApprovals, GoodwillCreditButton } from '../../../features/credit';
import { useSession } from '../../../lib/session-context';

/**
 * /admin/warranty-claims: the practices' warranty claims and goodwill credit (offered to staff with the billing
 * permission, as the API allows); super admins also see the credit waiting for a second super admin.
 */
export default function WarrantyClaimsRoute() {
  const { user } = useSession();
  const superAdmin = user?.groups.includes('superadmin') ?? false;
  return (
    <>
      <PageHeader
        title="Warranty Claims"
        description="Cancellations and defect reports from practices, oldest first. Approve, deny, or mark a returned lens received."
        actions={mayMoveMoney(user?.groups ?? []) ? <GoodwillCreditButton /> : undefined}
      />
      <ClaimsQueue />
      {superAdmin ? <CreditApprovals currentUserId={user?.userId ?? null} /> : null}
    </>
  );
}
