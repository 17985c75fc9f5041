import { LOAD_MESSAGES } from '../../../../../core/messages';
import { pagePaths } from '../../../../../core/page-paths';
import { useEffect, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isPayable } from '../../../../../core/rules/invoice-balance';
import { accountNumberSchema } from '../../../../../core/schemas/account-number';
import {
  INVOICE_TABS,
  invoiceNumberSchema,
  type CustomerInvoice,
  type InvoiceSummary,
} from '../../../../../core/schemas/invoice';
import { MAX_INVOICES_PER_PAYMENT, type PaymentAllocation } from '../../../../../core/schemas/payment';
import { Card } from '../../../components/card';
import { EmptyState } from '../../../components/empty-state';
import { ListCount } from '../../../components/list-count';
import { LoadFailed } from '../../../components/load-failed';
import { dollarsText, formatCents } from '../../../lib/money-text';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CursorPager } from '../../../components/ui/cursor-pager';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { FieldShell } from '../../../components/ui/field-shell';
import { SelectField } from '../../../components/ui/select-field';
import { Tabs } from '../../../components/ui/tabs';
import { TextField } from '../../../components/ui/text-field';
import { SubmitButton } from '../../../forms/submit-button';
import { useSubmission } from '../../../forms/use-submission';
import { useCursorPages } from '../../../hooks/use-cursor-pages';
import { failureMessage } from '../../../lib/form-errors';
import { useAccountInvoices, useFindInvoice } from '../api/invoice-queries';
import { checkSelection, type SelectedInvoice } from '../model/pay-amounts';
import { invoiceColumns } from './invoice-columns';
import { InvoiceDetailDialog, notFoundText } from './invoice-detail-dialog';
import textStyles from '../../../components/ui/text-field.module.css';
import styles from './invoices.module.css';

export const INVOICE_PAGE_SIZE = 25;
const ALL_ACCOUNTS = '*all';

type Tab = (typeof INVOICE_TABS)[number];
const TABS = [
  { key: 'open', label: 'Open' },
  { key: 'paid', label: 'Paid' },
] as const satisfies ReadonlyArray<{ key: Tab; label: string }>;

/** What the payments feature's panel gets from the page (given by the route: features do not import each other). */
export interface PaymentAreaProps {
  userId: string;
  /** The account whose lens credit can be applied: the chosen invoices' account, else the one in view. */
  accountNumber: string;
  /** The chosen invoices and amounts when they can be paid as they are; null otherwise. */
  selection: { accountNumber: string; allocations: PaymentAllocation[] } | null;
  /** How many invoices are chosen and the sum of the valid amounts (shown before Pay). */
  selectedCount: number;
  totalCents: number;
  /** While a payment is under way the page keeps the selection as it is. */
  onLockChange: (locked: boolean) => void;
  /**
   * A payment ended or was refused: the page reads the invoices again, and after a success clears the
   * selection.
   */
  onSettled: (outcome: 'succeeded' | 'failed' | 'conflict') => void;
}

export interface PayOnlineProps {
  userId: string;
  /** The user's accounts, the main one first. */
  accounts: readonly string[];
  /** The account chosen in the sidebar. */
  selectedAccount: string;
  PaymentArea: ComponentType<PaymentAreaProps>;
}

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
 * The chosen invoices after a fresh read of `items`: a changed balance resets that invoice's amount to the new
 * balance, an invoice no longer payable leaves the choice; invoices not in `items` stay as they were.
 */
export function followBalances(chosen: SelectedInvoice[], items: readonly InvoiceSummary[]): SelectedInvoice[] {
  let changed = false;
  const next = chosen.flatMap((invoice) => {
    const fresh = items.find((item) => item.invoiceNumber === invoice.invoiceNumber);
    if (!fresh || fresh.balanceCents === invoice.balanceCents) return [invoice];
    changed = true;
    if (!isPayable(fresh.status) || fresh.balanceCents <= 0) return [];
    return [{ ...invoice, balanceCents: fresh.balanceCents, amountText: dollarsText(fresh.balanceCents) }];
  });
  return changed ? next : chosen;
}

/**
 * /customer/payment: the open and paid invoices of the account chosen in the sidebar, or of
 * all the user's accounts; choose invoices and the amount to pay on each (a part payment is allowed, never
 * more than the balance), then pay in the payments panel. "Find an invoice" and emailed links
 * (`?invoice=INV-1&account=BV-1001`) open the invoice's detail.
 */
export function PayOnline({ userId, accounts, selectedAccount, PaymentArea }: PayOnlineProps) {
  const [params, setParams] = useSearchParams();
  const [scope, setScope] = useState<string>(selectedAccount);
  const [tab, setTab] = useState<Tab>('open');
  const [selected, setSelected] = useState<SelectedInvoice[]>([]);
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
    if (!locked) setSelected([]);
  }
  useEffect(() => reset(), [scope, tab, selectedAccount, reset]);

  const query = useAccountInvoices({
    tab,
    limit: INVOICE_PAGE_SIZE,
    ...(inView ? { accountNumber: inView } : {}),
    ...(pages.cursor ? { cursor: pages.cursor } : {}),
  });
  const items = query.data?.items ?? [];

  // Balances move (a payment, the lab's cheque): what is chosen follows each page read (not during a payment,
  // whose amounts are fixed).
  const data = query.data;
  const [seenData, setSeenData] = useState(data);
  if (data !== seenData) {
    setSeenData(data);
    if (data && !locked) setSelected((current) => followBalances(current, data.items));
  }

  const checked = checkSelection(selected);
  const isChosen = (invoiceNumber: string) => selected.some((s) => s.invoiceNumber === invoiceNumber);
  const full = selected.length >= MAX_INVOICES_PER_PAYMENT;

  function choose(invoice: Pick<InvoiceSummary, 'invoiceNumber' | 'accountNumber' | 'balanceCents'>, on: boolean) {
    setSelected((current) =>
      on
        ? current.some((s) => s.invoiceNumber === invoice.invoiceNumber)
          ? current
          : [
              ...current,
              {
                invoiceNumber: invoice.invoiceNumber,
                accountNumber: invoice.accountNumber,
                balanceCents: invoice.balanceCents,
                amountText: dollarsText(invoice.balanceCents),
              },
            ]
        : current.filter((s) => s.invoiceNumber !== invoice.invoiceNumber),
    );
  }

  const setAmount = (invoiceNumber: string, amountText: string) =>
    setSelected((current) => current.map((s) => (s.invoiceNumber === invoiceNumber ? { ...s, amountText } : s)));

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
    choose(invoice, true);
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

  /** The checkbox that chooses an invoice (open tab only), beside its number so a narrow card starts with both. */
  const checkbox = (invoice: InvoiceSummary) => {
    const on = isChosen(invoice.invoiceNumber);
    return (
      <input
        type="checkbox"
        className={styles.check}
        aria-label={`Pay invoice ${invoice.invoiceNumber}`}
        checked={on}
        disabled={locked || (!on && full) || invoice.balanceCents <= 0}
        onChange={(event) => choose(invoice, event.target.checked)}
      />
    );
  };
  const columns: Column<InvoiceSummary>[] = [
    {
      key: 'invoice',
      header: 'Invoice',
      primary: true,
      render: (invoice) => (
        <span className={styles.invoiceCell}>
          {tab === 'open' ? checkbox(invoice) : null}
          <button
            type="button"
            className={`link-button ${styles.invoiceLink}`}
            onClick={() => openDetail(invoice.invoiceNumber, invoice.accountNumber)}
            aria-label={`Open invoice ${invoice.invoiceNumber}`}
          >
            {invoice.invoiceNumber}
          </button>
        </span>
      ),
    },
    ...(all ? [{ key: 'account', header: 'Account', render: (i: InvoiceSummary) => i.accountNumber }] : []),
    ...invoiceColumns({ issuedHeader: 'Date' }),
    ...(tab === 'open'
      ? [
          {
            key: 'amount',
            header: 'Amount to pay',
            render: (invoice: InvoiceSummary) => {
              const chosen = selected.find((s) => s.invoiceNumber === invoice.invoiceNumber);
              if (!chosen) return '—';
              return (
                <AmountField
                  invoiceNumber={invoice.invoiceNumber}
                  value={chosen.amountText}
                  error={checked.errors[invoice.invoiceNumber]}
                  disabled={locked}
                  onChange={(text) => setAmount(invoice.invoiceNumber, text)}
                />
              );
            },
          },
        ]
      : []),
  ];

  const totals = query.data?.totals;
  const where = all ? 'all your accounts' : `account ${selectedAccount}`;
  const scopeOptions = [
    { value: selectedAccount, label: selectedAccount },
    { value: ALL_ACCOUNTS, label: 'All my accounts' },
  ];
  // Chosen invoices that are not on the page in view (another page, the other tab) still count.
  const offPage = selected.filter((s) => !items.some((i) => i.invoiceNumber === s.invoiceNumber));

  return (
    <>
      <PageHeader title="Pay Online" description={`Open and paid invoices of ${where}.`} />
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
              setSelected([]);
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
          <Card title="Invoices" className={styles.listCard}>
            <Tabs label="Invoices" tabs={TABS} selected={tab} onSelect={setTab}>
              <ListCount
                query={query}
                loading="Loading invoices…"
                count={items.length}
                noun={['invoice', 'invoices']}
                detail="on this page, newest first"
              />
              {query.isError ? (
                <LoadFailed title={LOAD_MESSAGES.invoices} onRetry={() => void query.refetch()} />
              ) : query.isPending ? null : items.length === 0 ? (
                <EmptyState
                  title={
                    pages.page > 1 ? 'No more invoices' : tab === 'open' ? 'Nothing to pay' : 'No paid invoices yet'
                  }
                >
                  {tab === 'open'
                    ? `No open invoices for ${where}. Invoices are issued when the lab ships an order.`
                    : `Paid and void invoices of ${where} appear here.`}
                </EmptyState>
              ) : (
                <DataTable
                  caption={`${tab === 'open' ? 'Open' : 'Paid'} invoices of ${where}, newest first`}
                  columns={columns}
                  rows={items}
                  rowKey={(invoice) => invoice.invoiceNumber}
                  busy={query.isPlaceholderData}
                />
              )}
              <CursorPager
                label="Invoices"
                pages={pages}
                nextCursor={query.data?.nextCursor}
                loading={query.isFetching}
              />
            </Tabs>
          </Card>

          <Card title="Payment" className={styles.payCard}>
            {selected.length ? (
              <div className={styles.chosen}>
                <p className={styles.chosenLine}>
                  {selected.length} {selected.length === 1 ? 'invoice' : 'invoices'} chosen:{' '}
                  <strong>{formatCents(checked.totalCents)}</strong>
                </p>
                {offPage.length ? (
                  <ul className={styles.offPage} aria-label="Chosen invoices not on this page">
                    {offPage.map((s) => (
                      <li key={s.invoiceNumber}>
                        <span>{s.invoiceNumber}</span>
                        <AmountField
                          invoiceNumber={s.invoiceNumber}
                          value={s.amountText}
                          error={checked.errors[s.invoiceNumber]}
                          disabled={locked}
                          onChange={(text) => setAmount(s.invoiceNumber, text)}
                        />
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={locked}
                          onClick={() => choose(s, false)}
                          aria-label={`Remove invoice ${s.invoiceNumber}`}
                        >
                          Remove
                        </Button>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {checked.problem ? <Alert tone="warning">{checked.problem}</Alert> : null}
                {full ? (
                  <p className={styles.muted}>At most {MAX_INVOICES_PER_PAYMENT} invoices in one payment.</p>
                ) : null}
              </div>
            ) : (
              <p className={styles.muted}>
                Tick the invoices to pay on the Open tab. You can change the amount on each.
              </p>
            )}
            <PaymentArea
              userId={userId}
              accountNumber={selected[0]?.accountNumber ?? selectedAccount}
              selection={checked.payable}
              selectedCount={selected.length}
              totalCents={checked.totalCents}
              onLockChange={setLocked}
              onSettled={(outcome) => {
                if (outcome === 'succeeded') setSelected([]);
                void query.refetch();
              }}
            />
          </Card>
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
}

/** The amount to pay on one invoice, in dollars; its message (over the balance, $0, not money) shows beside it. */
function AmountField({
  invoiceNumber,
  value,
  error,
  disabled,
  onChange,
}: {
  invoiceNumber: string;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (text: string) => void;
}) {
  return (
    <FieldShell
      label={<span className="visually-hidden">Amount to pay on {invoiceNumber}</span>}
      error={error}
      className={styles.amountField}
    >
      {(control) => (
        <span className={styles.money}>
          <span aria-hidden="true">$</span>
          <input
            {...control}
            className={textStyles.input}
            inputMode="decimal"
            autoComplete="off"
            maxLength={12}
            value={value}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value)}
          />
        </span>
      )}
    </FieldShell>
  );
}
