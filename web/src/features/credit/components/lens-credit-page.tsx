import { useState } from 'react';
import { formatCents } from '../../../lib/money-text';
import type { WarrantyLens } from '../../../../../core/schemas/credit';
import { Card } from '../../../components/card';
import { LoadFailed } from '../../../components/load-failed';
import { PageHeader } from '../../../components/page-header';
import { LoadingLine } from '../../../components/ui/spinner';
import { useCreditSummary } from '../api/credit-queries';
import { AccountClaims } from './account-claims';
import { ClaimDialog, claimDraftKey, newClaimDraft, type ClaimDraft, type ClaimKind } from './claim-dialog';
import { CreditLedger } from './credit-ledger';
import { WarrantyLenses } from './warranty-lenses';
import styles from './credit.module.css';

/**
 * /customer/credit for the account chosen in the sidebar: the balance, the lenses still in
 * warranty with what their policy allows, the account's claims, and the ledger with its CSV export.
 */
export function LensCreditPage({ accountNumber }: { accountNumber: string }) {
  const summary = useCreditSummary(accountNumber);
  const [claiming, setClaiming] = useState<{ lens: WarrantyLens; kind: ClaimKind } | null>(null);
  // What was typed per lens and kind, with the claim id: closing and reopening the dialog, or retrying after
  // a lost answer, sends the same id (the server files a claim once per id). Cleared once the claim is sent.
  const [drafts, setDrafts] = useState<Record<string, ClaimDraft>>({});

  function open(lens: WarrantyLens, kind: ClaimKind) {
    const key = claimDraftKey(lens, kind);
    setDrafts((current) => (current[key] ? current : { ...current, [key]: newClaimDraft() }));
    setClaiming({ lens, kind });
  }

  const data = summary.data;
  const draftKey = claiming ? claimDraftKey(claiming.lens, claiming.kind) : null;
  const draft = draftKey ? drafts[draftKey] : undefined;

  return (
    <>
      <PageHeader
        title="Lens Credit"
        description={`Credit from cancellations and defects within the warranty, for account ${accountNumber}.`}
      />
      {summary.isPending ? (
        <LoadingLine className={styles.loading}>Loading lens credit…</LoadingLine>
      ) : summary.isError ? (
        <LoadFailed title="Lens credit could not be loaded" onRetry={() => void summary.refetch()} />
      ) : data ? (
        <>
          <div className={styles.balances}>
            <section className={styles.balance} aria-labelledby="credit-available">
              <h2 id="credit-available" className={styles.balanceLabel}>
                Available credit
              </h2>
              <p className={styles.balanceAmount}>{formatCents(data.availableCents)}</p>
              <p className={styles.muted}>Apply it to invoices when you pay online.</p>
            </section>
            <section className={styles.balance} aria-labelledby="credit-pending">
              <h2 id="credit-pending" className={styles.balanceLabel}>
                Pending credit
              </h2>
              <p className={styles.balanceAmount}>{formatCents(data.pendingCents)}</p>
              <p className={styles.muted}>Waiting for returned lenses to reach the lab.</p>
            </section>
          </div>
          <Card title="Lenses in warranty" className={styles.block}>
            <WarrantyLenses summary={data} onClaim={open} />
          </Card>
          <Card title="Claims" className={styles.block}>
            <AccountClaims claims={data.claims} />
          </Card>
        </>
      ) : null}
      <Card title="Credit ledger" className={styles.block}>
        <CreditLedger accountNumber={accountNumber} />
      </Card>
      {claiming && draft && draftKey ? (
        <ClaimDialog
          kind={claiming.kind}
          lens={claiming.lens}
          accountNumber={accountNumber}
          draft={draft}
          onDraftChange={(next) => setDrafts((current) => ({ ...current, [draftKey]: next }))}
          onClose={() => setClaiming(null)}
          onSent={() => {
            setDrafts(({ [draftKey]: _sent, ...rest }) => rest);
            setClaiming(null);
          }}
        />
      ) : null}
    </>
  );
}
