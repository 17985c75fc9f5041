import { pagePaths } from '../../../../../core/page-paths';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatCents } from '../../../lib/money-text';
import { CLAIM_STATUSES, type ClaimStatus, type WarrantyClaim } from '../../../../../core/schemas/credit';
import { Card } from '../../../components/card';
import { CursorTable } from '../../../components/cursor-table';
import { Button } from '../../../components/ui/button';
import type { Column } from '../../../components/ui/data-table';
import { Tabs } from '../../../components/ui/tabs';
import { useCursorPages } from '../../../hooks/use-cursor-pages';
import { dateTime, relativeTime } from '../../../lib/format-time';
import { useReloadClaims, useWarrantyClaims } from '../api/warranty-claims';
import { CLAIM_KIND_LABELS, ClaimStatusBadge } from './account-claims';
import { ClaimActionDialog, type ClaimAction } from './claim-action-dialog';
import list from '../../../components/list-page.module.css';
import styles from './credit.module.css';

/** The lab's words for the statuses (the practice sees CLAIM_STATUS_LABELS). */
export const CLAIM_QUEUE_TABS: readonly { key: ClaimStatus; label: string }[] = [
  { key: 'submitted', label: 'Submitted' },
  { key: 'awaiting-return', label: 'Awaiting return' },
  { key: 'approved', label: 'Approved' },
  { key: 'denied', label: 'Denied' },
];

const statusOf = (value: string | null): ClaimStatus =>
  (CLAIM_STATUSES as readonly string[]).includes(value ?? '') ? (value as ClaimStatus) : 'submitted';

/** The time the claim has waited in its status: since it was sent, or since it was approved (awaiting the lens). */
const waitingSince = (claim: WarrantyClaim) =>
  claim.status === 'submitted' ? claim.createdAt : (claim.decidedAt ?? claim.createdAt);

/** A claim on a warranty remake names its chain: "Remake of LL-000002 (original LL-000001)". */
export function chainText(claim: Pick<WarrantyClaim, 'remakeOfOrderNumber' | 'originalOrderNumber'>): string {
  const of = `Warranty remake of ${claim.remakeOfOrderNumber ?? ''}`;
  return claim.originalOrderNumber && claim.originalOrderNumber !== claim.remakeOfOrderNumber
    ? `${of} (original ${claim.originalOrderNumber})`
    : of;
}

/**
 * /admin/warranty-claims: the claims practices sent, one status at a time, oldest first, with their age
 *. The status lives in the query string (`?status=awaiting-return`), the page cursor does
 * not (a reload starts at page 1, as in Order Approval).
 */
export function ClaimsQueue() {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  const pages = useCursorPages();
  const { reset } = pages;
  useEffect(() => reset(), [status, reset]);
  const query = useWarrantyClaims(status, pages.cursor ?? null);
  const reloadClaims = useReloadClaims();
  const [acting, setActing] = useState<{ action: ClaimAction; claim: WarrantyClaim } | null>(null);
  const label = CLAIM_QUEUE_TABS.find((tab) => tab.key === status)?.label ?? '';

  const act = (action: ClaimAction, claim: WarrantyClaim, text: string) => (
    <Button
      size="sm"
      variant={action === 'deny' ? 'ghost' : 'secondary'}
      aria-label={`${text}: claim on ${claim.orderNumber} ${claim.eye}`}
      onClick={() => setActing({ action, claim })}
    >
      {text}
    </Button>
  );

  const columns: Column<WarrantyClaim>[] = [
    {
      key: 'order',
      header: 'Order',
      primary: true,
      render: (claim) => (
        <span className={list.nameCell}>
          <Link className={list.orderLink} to={pagePaths.labOrder(claim.orderId)}>
            {claim.orderNumber}
          </Link>
          <span className={list.nameDetail}>{CLAIM_KIND_LABELS[claim.kind]}</span>
          {claim.remakeOfOrderNumber ? <span className={list.nameDetail}>{chainText(claim)}</span> : null}
        </span>
      ),
    },
    { key: 'account', header: 'Account', render: (claim) => claim.accountNumber },
    { key: 'patient', header: 'Patient', render: (claim) => claim.patient },
    { key: 'lens', header: 'Lens', render: (claim) => `${claim.eye}: ${claim.lensName}` },
    {
      key: 'credit',
      header: 'Credit',
      render: (claim) => (
        <span className={styles.stack}>
          <span>{formatCents(claim.creditCents)}</span>
          {claim.billedCents !== undefined ? (
            <span className={styles.muted}>Billed {formatCents(claim.billedCents)}</span>
          ) : null}
          {claim.returnRequired ? <span className={styles.muted}>Lens must be returned</span> : null}
        </span>
      ),
    },
    {
      key: 'note',
      header: 'Note',
      render: (claim) => (
        <span className={styles.stack}>
          <span className={styles.note}>{claim.note}</span>
          {claim.decisionReason ? <span className={styles.muted}>Denied: {claim.decisionReason}</span> : null}
        </span>
      ),
    },
    {
      key: 'age',
      header: 'Age',
      render: (claim) => {
        const since = waitingSince(claim);
        return (
          <time dateTime={since} title={`${claim.status === 'submitted' ? 'Sent' : 'Decided'} ${dateTime(since)}`}>
            {relativeTime(Date.parse(since))}
          </time>
        );
      },
    },
    { key: 'status', header: 'Status', render: (claim) => <ClaimStatusBadge status={claim.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      actions: true,
      render: (claim) =>
        claim.status === 'submitted' ? (
          <span className={styles.actionButtons}>
            {act('approve', claim, 'Approve')}
            {act('deny', claim, 'Deny')}
          </span>
        ) : claim.status === 'awaiting-return' ? (
          act('return-received', claim, 'Mark return received')
        ) : null,
    },
  ];

  return (
    <Card title="Claims">
      <Tabs
        label="Claim status"
        tabs={CLAIM_QUEUE_TABS}
        selected={status}
        onSelect={(next: ClaimStatus) => setParams(next === 'submitted' ? {} : { status: next }, { replace: true })}
      >
        <CursorTable
          query={query}
          pages={pages}
          count={{ loading: 'Loading claims…', noun: ['claim', 'claims'], detail: 'on this page, oldest first' }}
          failed="The claims could not be loaded"
          empty={{
            title: pages.page > 1 ? 'No more claims' : `No claims ${label.toLowerCase()}`,
            body:
              status === 'submitted' && pages.page === 1
                ? 'Cancellations and defect reports practices send appear here, oldest first.'
                : null,
          }}
          table={{
            caption: `${label} claims, oldest first`,
            columns,
            rowKey: (claim) => claim.claimId,
            pager: 'Claims',
          }}
        />
      </Tabs>
      {acting ? (
        <ClaimActionDialog
          key={`${acting.action}:${acting.claim.claimId}`}
          action={acting.action}
          claim={acting.claim}
          onClose={() => setActing(null)}
          onReload={reloadClaims}
        />
      ) : null}
    </Card>
  );
}
