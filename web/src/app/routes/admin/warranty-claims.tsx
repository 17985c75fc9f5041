import { PageHeader } from '../../../components/page-header';
import { ClaimsQueue } from '../../../features/credit/components/claims-queue';
import { GoodwillCreditButton } from '../../../features/credit/components/goodwill-dialog';

/** /admin/warranty-claims: the practices' warranty claims and goodwill credit. */
export default function WarrantyClaimsRoute() {
  return (
    <>
      <PageHeader
        title="Warranty Claims"
        description="Cancellations and defect reports from practices, oldest first. Approve, deny, or mark a returned lens received."
        actions={<GoodwillCreditButton />}
      />
      <ClaimsQueue />
    </>
  );
}
