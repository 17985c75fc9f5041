import { pagePaths } from '../../../../../core/page-paths';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { WARRANTY_ENDING_DAYS } from '../../../../../core/rules/warranty';
import type { ClaimStatus, CreditSummary, WarrantyLens } from '../../../../../core/schemas/credit';
import { EmptyState } from '../../../components/empty-state';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import type { ClaimKind } from './claim-dialog';
import { dateOnly, daysLeftText, exchangesText, feeText, noExchangesLeft } from './credit-format';
import list from '../../../components/list-page.module.css';
import styles from './credit.module.css';

export const lensKey = (lens: Pick<WarrantyLens, 'orderId' | 'eye'>) => `${lens.orderId}:${lens.eye}`;

const CLAIM_BLOCKS: Record<ClaimStatus, string> = {
  submitted: 'A claim on this lens is waiting for the lab.',
  'awaiting-return': 'A claim on this lens is approved; the lab is waiting for the lens.',
  approved: 'This lens was credited under its warranty.',
  denied: 'A claim on this lens was denied.',
};

/** Why an exchanged lens offers nothing: the API refuses claims and exchanges on it. */
export const EXCHANGED_BLOCK =
  'This lens was exchanged under its warranty: claims and further exchanges are for the lens that replaced it.';

/**
 * Why a lens's actions are off, or null: an exchange or a claim on it stops all three (the API refuses a lens
 * both credited and exchanged); a used-up policy stops exchanges.
 */
function blockedReasons(lens: WarrantyLens, claims: CreditSummary['claims']) {
  const claim = lens.openClaimId ? claims.find((c) => c.claimId === lens.openClaimId) : undefined;
  const claimReason = lens.exchanged
    ? EXCHANGED_BLOCK
    : lens.openClaimId
      ? claim
        ? CLAIM_BLOCKS[claim.status]
        : 'A claim on this lens is open.'
      : null;
  const exchangeReason =
    claimReason ??
    (noExchangesLeft(lens) ? `No exchanges left: all ${lens.exchangesAllowed} allowed for this eye are used.` : null);
  return { claimReason, exchangeReason };
}

function LensActions({
  lens,
  claims,
  onClaim,
}: {
  lens: WarrantyLens;
  claims: CreditSummary['claims'];
  onClaim: (lens: WarrantyLens, kind: ClaimKind) => void;
}) {
  const reasonId = useId();
  const { claimReason, exchangeReason } = blockedReasons(lens, claims);
  const what = `${lens.lensName} ${lens.eye}, order ${lens.orderNumber}`;
  const reason = claimReason ?? exchangeReason;
  return (
    <div className={styles.lensActions}>
      <div className={styles.actionButtons}>
        {exchangeReason ? (
          <Button size="sm" variant="secondary" disabled aria-describedby={reasonId} aria-label={`Exchange ${what}`}>
            Exchange
          </Button>
        ) : (
          <Link
            className={styles.linkButton}
            to={pagePaths.orderForm({ from: lens.orderId, kind: 'warranty' })}
            aria-label={`Exchange ${what}`}
          >
            Exchange
          </Link>
        )}
        <Button
          size="sm"
          variant="secondary"
          disabled={Boolean(claimReason)}
          {...(claimReason ? { 'aria-describedby': reasonId } : {})}
          aria-label={`Cancel for credit: ${what}`}
          onClick={() => onClaim(lens, 'cancellation')}
        >
          Cancel for credit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={Boolean(claimReason)}
          {...(claimReason ? { 'aria-describedby': reasonId } : {})}
          aria-label={`Report a defect of ${what}`}
          onClick={() => onClaim(lens, 'defect')}
        >
          Report a defect
        </Button>
      </div>
      {reason ? (
        <p id={reasonId} className={styles.blocked}>
          {reason}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The account's lenses still in their warranty window. A lens in the last days of its window is
 * highlighted and says "Ends soon" in words (the colour is never the only sign).
 */
export function WarrantyLenses({
  summary,
  onClaim,
}: {
  summary: CreditSummary;
  onClaim: (lens: WarrantyLens, kind: ClaimKind) => void;
}) {
  const lenses = summary.lensesInWarranty;
  if (lenses.length === 0)
    return (
      <EmptyState title="No lenses are in warranty">
        Lenses appear here when their order ships, for as long as their design&apos;s warranty lasts.
      </EmptyState>
    );

  const columns: Column<WarrantyLens>[] = [
    {
      key: 'order',
      header: 'Order',
      primary: true,
      render: (lens) => (
        <Link className={list.orderLink} to={pagePaths.order(lens.orderId)}>
          {lens.orderNumber}
        </Link>
      ),
    },
    { key: 'patient', header: 'Patient', render: (lens) => <span className={styles.words}>{lens.patient}</span> },
    { key: 'eye', header: 'Eye', render: (lens) => lens.eye },
    { key: 'lens', header: 'Lens', render: (lens) => <span className={styles.words}>{lens.lensName}</span> },
    {
      key: 'shipped',
      header: 'Shipped',
      render: (lens) => <time dateTime={lens.shippedAt}>{dateOnly(lens.shippedAt)}</time>,
    },
    {
      key: 'daysLeft',
      header: 'Days left',
      render: (lens) =>
        lens.endingSoon ? (
          // The row's highlight hangs on this mark (credit.module.css, :has()); the badge says it in words.
          <span className={styles.daysLeft}>
            <mark className={styles.endingSoon} data-ending-soon="true" title={`Ends ${dateOnly(lens.windowEndsAt)}`}>
              {daysLeftText(lens.daysLeft)}
            </mark>
            <Badge tone="warning">Ends soon</Badge>
          </span>
        ) : (
          <span title={`Ends ${dateOnly(lens.windowEndsAt)}`}>{daysLeftText(lens.daysLeft)}</span>
        ),
    },
    { key: 'exchanges', header: 'Exchanges used', render: exchangesText },
    { key: 'fee', header: 'Exchange fee', render: (lens) => feeText(lens.exchangeFeeCents) },
    {
      key: 'actions',
      header: 'Actions',
      actions: true,
      render: (lens) => <LensActions lens={lens} claims={summary.claims} onClaim={onClaim} />,
    },
  ];

  return (
    <div className={styles.lenses}>
      <p className={styles.hint}>
        Lenses in the last {WARRANTY_ENDING_DAYS} days of their warranty are marked &quot;Ends soon&quot;.
      </p>
      <DataTable caption="Lenses in warranty" columns={columns} rows={lenses} rowKey={lensKey} />
    </div>
  );
}
