import { pagePaths } from '../../../../../core/page-paths';
import { Link } from 'react-router-dom';
import { formatCents } from '../../../lib/money-text';
import { CLAIM_STATUS_LABELS, type ClaimStatus, type CreditSummary } from '../../../../../core/schemas/credit';
import { Badge } from '../../../components/ui/badge';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { dateOnly } from './credit-format';
import list from '../../../components/list-page.module.css';
import styles from './credit.module.css';

type Claim = CreditSummary['claims'][number];

export const CLAIM_KIND_LABELS: Record<Claim['kind'], string> = {
  cancellation: 'Cancel for credit',
  defect: 'Defect',
};

const STATUS_TONES: Record<ClaimStatus, 'info' | 'warning' | 'success' | 'danger'> = {
  submitted: 'info',
  'awaiting-return': 'warning',
  approved: 'success',
  denied: 'danger',
};

export const ClaimStatusBadge = ({ status, label }: { status: ClaimStatus; label?: string }) => (
  <Badge tone={STATUS_TONES[status]}>{label ?? CLAIM_STATUS_LABELS[status]}</Badge>
);

const OPEN: ReadonlySet<ClaimStatus> = new Set(['submitted', 'awaiting-return']);

/** The account's claims, open ones first, each with its status in words and the lab's reason when denied. */
export function AccountClaims({ claims }: { claims: CreditSummary['claims'] }) {
  if (claims.length === 0) return <p className={styles.muted}>No claims yet.</p>;
  const rows = [...claims].sort(
    (a, b) => Number(OPEN.has(b.status)) - Number(OPEN.has(a.status)) || b.createdAt.localeCompare(a.createdAt),
  );
  const columns: Column<Claim>[] = [
    {
      key: 'order',
      header: 'Order',
      primary: true,
      render: (claim) => (
        <Link className={list.orderLink} to={pagePaths.order(claim.orderId)}>
          {claim.orderNumber}
        </Link>
      ),
    },
    { key: 'lens', header: 'Lens', render: (claim) => `${claim.eye}: ${claim.lensName}` },
    { key: 'kind', header: 'Claim', render: (claim) => CLAIM_KIND_LABELS[claim.kind] },
    {
      key: 'sent',
      header: 'Sent',
      render: (claim) => <time dateTime={claim.createdAt}>{dateOnly(claim.createdAt)}</time>,
    },
    { key: 'credit', header: 'Credit', numeric: true, render: (claim) => formatCents(claim.creditCents) },
    {
      key: 'status',
      header: 'Status',
      render: (claim) => (
        <span className={styles.stack}>
          <ClaimStatusBadge status={claim.status} />
          {claim.status === 'denied' && claim.decisionReason ? (
            <span className={styles.muted}>{claim.decisionReason}</span>
          ) : null}
          {claim.status === 'awaiting-return' ? (
            <span className={styles.muted}>Send the lens back to the lab.</span>
          ) : null}
        </span>
      ),
    },
  ];
  return <DataTable caption="Warranty claims" columns={columns} rows={rows} rowKey={(claim) => claim.claimId} />;
}
