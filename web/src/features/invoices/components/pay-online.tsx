import { pagePaths } from '../../../../../core/page-paths';
import { useEffect, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { accountNumberSchema } from '../../../../../core/schemas/account-number';
import { invoiceNumberSchema, type CustomerInvoice } from '../../../../../core/schemas/invoices';
import { PageHeader } from '../../../components/page-header';
import { SelectField } from '../../../components/ui/select-field';
import { Tabs } from '../../../components/ui/tabs';
import { TextField } from '../../../components/ui/text-field';
import { SubmitButton } from '../../../forms/submit-button';
import { useSubmission } from '../../../forms/use-submission';
import { useCursorPages } from '../../../hooks/use-cursor-pages';
import { failureMessage } from '../../../lib/form-errors';
import { formatCents } from '../../../lib/money-text';
import { useAccountInvoices, useFindInvoice } from '../api/invoice-queries';
import { usePaySelection } from '../hooks/use-pay-selection';
import { InvoiceDetailDialog, notFoundText } from './invoice-detail-dialog';
import { PayInvoiceList, type InvoiceTab } from './pay-invoice-list';
import { PaymentCard, type PaymentAreaProps } from './payment-card';
import styles from './invoices.module.css';

export type { PaymentAreaProps };

export const INVOICE_PAGE_SIZE = 25;
const ALL_ACCOUNTS = '*all';

export interface PayOnlineProps {
  userId: string;
  /** The user's accounts, the main one first. */
  accounts: readonly string[];
  /** The account chosen in the sidebar. */
  selectedAccount: string;
  PaymentArea: ComponentType<PaymentAreaProps>;
  /** The statements feature's list, shown on a Statements tab (`?tab=statements`, the statement email's link). */
  Statements?: ComponentType<{ accountNumber: string }>;
  /**
   * The autopay feature's Cards & autopay tab (`?tab=autopay`; an autopay email's link adds `&authenticate=` the
   * payment the bank asks the payer to confirm).
   */
  Autopay?: ComponentType<{ accountNumber: string; authenticatePaymentId?: string | null }>;
}

type PayOnlineView = 'invoices' | 'statements' | 'autopay';
const VIEWS = [
  { key: 'invoices', label: 'Invoices' },
  { key: 'statements', label: 'Statements' },
  { key: 'autopay', label: 'Cards & autopay' },
] as const;

/** The ?invoice=&account= of an emailed link; a value that cannot be one is null (nothing is asked). */
function linkTarget(params: URLSearchParams) {
  const invoice = params.get('invoice');
  const account = params.get('account');
  if (invoice === null) return null;
  const number = invoiceNumberSchema.safeParse(invoice);
  const accountParsed = account === null ? null : accountNumberSchema.safeParse(account);
  return {
    invoiceNumber: number.success ? number.data : null,
    account: accountParsed === null ? null : accountParsed.success ? accountParsed.data.toUpperCase() : '',
  };
}

/**
 * /customer/payment: the open and paid invoices of the account chosen in the sidebar, or of
 * all the user's accounts; choose invoices and the amount to pay on each (a part payment is allowed, never
 * more than the balance), then pay in the payments panel. "Find an invoice" and emailed links
 * (`?invoice=INV-1&account=BV-1001`) open the invoice's detail.
 */
export function PayOnline({ userId, accounts, selectedAccount, PaymentArea, Statements, Autopay }: PayOnlineProps) {
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const view: PayOnlineView =
    Statements && tabParam === 'statements' ? 'statements' : Autopay && tabParam === 'autopay' ? 'autopay' : 'invoices';
  const views = VIEWS.filter((v) => (v.key === 'statements' ? Statements : v.key === 'autopay' ? Autopay : true));
  const showView = (next: PayOnlineView) => {
    const changed = new URLSearchParams(params);
    if (next === 'invoices') changed.delete('tab');
    else changed.set('tab', next);
    changed.delete('authenticate');
    setParams(changed, { replace: true });
  };
  const [scope, setScope] = useState<string>(selectedAccount);
  const [tab, setTab] = useState<InvoiceTab>('open');
  const selection = usePaySelection();
  const [locked, setLocked] = useState(false);
  const [findText, setFindText] = useState('');
  // One field: the message about the search shows on it.
  const findSubmission = useSubmission();
  const finding = findSubmission.busy;
  const findError = findSubmission.formError ?? undefined;
  const setFindError = (message: string | undefined) => findSubmission.setFormError(message ?? null);
  const find = useFindInvoice();

  const all = scope === ALL_ACCOUNTS;
  const inView = all ? null : selectedAccount;
  const pages = useCursorPages();
  const { reset } = pages;

  // The sidebar's account is the page's account: another account chosen there starts again on it
  // (adjusted while rendering, React's pattern for state that follows a prop).
  const [seenAccount, setSeenAccount] = useState(selectedAccount);
  if (seenAccount !== selectedAccount) {
    setSeenAccount(selectedAccount);
    setScope((current) => (current === ALL_ACCOUNTS ? current : selectedAccount));
    if (!locked) selection.clear();
  }
  useEffect(() => reset(), [scope, tab, selectedAccount, reset]);

  const query = useAccountInvoices({
    tab,
    limit: INVOICE_PAGE_SIZE,
    ...(inView ? { accountNumber: inView } : {}),
    ...(pages.cursor ? { cursor: pages.cursor } : {}),
  });
  // Balances move (a payment, the lab's cheque): what is chosen follows each page read (not during a payment,
  // whose amounts are fixed).
  const data = query.data;
  const [seenData, setSeenData] = useState(data);
  if (data !== seenData) {
    setSeenData(data);
    if (data && !locked) selection.follow(data.items);
  }

  // The detail dialog follows the URL, so an emailed link, a reload and the back button all open it.
  const target = linkTarget(params);
  const detailAccounts = target
    ? target.account === null
      ? all
        ? accounts
        : [selectedAccount]
      : target.account
        ? [target.account]
        : []
    : [];
  const openDetail = (invoiceNumber: string, accountNumber: string) => {
    const next = new URLSearchParams(params);
    next.set('invoice', invoiceNumber);
    next.set('account', accountNumber);
    setParams(next, { replace: true });
  };
  const closeDetail = () => {
    const next = new URLSearchParams(params);
    next.delete('invoice');
    next.delete('account');
    setParams(next, { replace: true });
  };

  function payFromDetail(invoice: CustomerInvoice) {
    if (invoice.accountNumber !== selectedAccount) setScope(ALL_ACCOUNTS);
    setTab('open');
    selection.choose(invoice, true);
    closeDetail();
  }

  const submitFind = findSubmission.onSubmit(async () => {
    const number = invoiceNumberSchema.safeParse(findText);
    if (!number.success) {
      setFindError(number.error.issues[0]?.message ?? 'Enter an invoice number');
      return;
    }
    const searchIn = all ? accounts : [selectedAccount];
    try {
      const found = await find(number.data, searchIn);
      if (found) openDetail(found.invoiceNumber, found.accountNumber);
      else setFindError(notFoundText(searchIn.length));
    } catch (error) {
      setFindError(failureMessage(error, 'The invoice could not be looked up. Try again.'));
    }
  });

  const totals = query.data?.totals;
  const where = all ? 'all your accounts' : `account ${selectedAccount}`;
  const scopeOptions = [
    { value: selectedAccount, label: selectedAccount },
    { value: ALL_ACCOUNTS, label: 'All my accounts' },
  ];
  if (Statements && view === 'statements' && !locked)
    return (
      <>
        <PageHeader title="Pay Online" description={`Monthly statements of account ${selectedAccount}.`} />
        <Tabs label="Pay Online" tabs={views} selected={view} onSelect={showView}>
          <Statements accountNumber={selectedAccount} />
        </Tabs>
      </>
    );
  if (Autopay && view === 'autopay' && !locked)
    return (
      <>
        <PageHeader title="Pay Online" description={`Saved cards and autopay of account ${selectedAccount}.`} />
        <Tabs label="Pay Online" tabs={views} selected={view} onSelect={showView}>
          <Autopay accountNumber={selectedAccount} authenticatePaymentId={params.get('authenticate')} />
        </Tabs>
      </>
    );
  const invoices = (
    <>
      <div className={styles.toolbar}>
        {accounts.length > 1 ? (
          <SelectField
            label="Invoices of"
            className={styles.scope}
            options={scopeOptions}
            value={scope}
            disabled={locked}
            onChange={(event) => {
              setScope(event.target.value);
              selection.clear();
            }}
          />
        ) : null}
        <form className={styles.find} onSubmit={submitFind} noValidate role="search">
          <TextField
            label="Find an invoice"
            placeholder="Invoice number, e.g. INV-1042"
            className={styles.findField}
            value={findText}
            maxLength={40}
            autoComplete="off"
            error={findError}
            onChange={(event) => {
              setFindText(event.target.value);
              setFindError(undefined);
            }}
          />
          <SubmitButton busy={finding} variant="secondary" className={styles.findButton}>
            Find
          </SubmitButton>
        </form>
      </div>

      {totals ? (
        <dl className={styles.summary} aria-label={`Balance of ${where}`}>
          <div>
            <dt>Open balance</dt>
            <dd>{formatCents(totals.balanceCents)}</dd>
          </div>
          <div>
            <dt>Overdue</dt>
            <dd className={totals.overdueCents > 0 ? styles.overdueAmount : ''}>{formatCents(totals.overdueCents)}</dd>
          </div>
          <div>
            <dt>Open invoices</dt>
            <dd>{totals.openCount}</dd>
          </div>
        </dl>
      ) : null}

      <div className={styles.layoutFrame}>
        <div className={styles.layout}>
          <PayInvoiceList
            tab={tab}
            onTab={setTab}
            query={query}
            pages={pages}
            where={where}
            allAccounts={all}
            locked={locked}
            selection={selection}
            onOpen={openDetail}
          />
          <PaymentCard
            userId={userId}
            selectedAccount={selectedAccount}
            items={query.data?.items ?? []}
            selection={selection}
            locked={locked}
            onLockChange={setLocked}
            onSettled={(outcome) => {
              if (outcome === 'succeeded') selection.clear();
              void query.refetch();
            }}
            PaymentArea={PaymentArea}
          />
        </div>
      </div>

      {target ? (
        <InvoiceDetailDialog
          key={`${target.invoiceNumber}|${detailAccounts.join(',')}`}
          invoiceNumber={target.invoiceNumber}
          accounts={detailAccounts}
          orderHref={pagePaths.order}
          canPay={!locked}
          onPay={payFromDetail}
          onClose={closeDetail}
        />
      ) : null}
    </>
  );
  return (
    <>
      <PageHeader title="Pay Online" description={`Open and paid invoices of ${where}.`} />
      {views.length > 1 ? (
        <Tabs label="Pay Online" tabs={views} selected={view} onSelect={showView}>
          {invoices}
        </Tabs>
      ) : (
        invoices
      )}
    </>
  );
}
