import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PostalAddress } from '../../../../../core/schemas/customer-info';
import type { LensDesign } from '../../../../../core/schemas/lens';
import {
  EYE_LABELS,
  EYES,
  SHIPPING_METHOD_LABELS,
  SHIPPING_METHODS,
  orderFieldsSchema,
  type Order,
} from '../../../../../core/schemas/order';
import { AddressFields } from '../../../components/address-fields';
import formStyles from '../../../components/form-layout.module.css';
import { formatCents } from '../../../components/orders';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { isCallableError } from '../../../lib/callable-error';
import { failureMessage, formErrorsOf, type FormErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useOrderDraft, type DraftStart } from '../hooks/use-order-draft';
import { draftStorageKey } from '../model/local-draft';
import {
  emptyLine,
  emptyOrderForm,
  enabledEyes,
  formKeyOfServerPath,
  lineParameterErrors,
  toOrderFields,
  type AddressValues,
  type Eye,
  type LineValues,
  type OrderFormOriginal,
  type OrderFormValues,
} from '../model/order-form-values';
import type { OrderFormApi } from './order-form-api';
import { LensLineFields } from './lens-line-fields';
import styles from './order-form.module.css';

export interface OrderFormAccount {
  accountNumber: string;
  pricingAllowed: boolean;
  shippingAddress: PostalAddress;
}

export interface OrderFormProps {
  userId: string;
  account: OrderFormAccount;
  designs: readonly LensDesign[];
  api: OrderFormApi;
  /** A reorder or warranty remake: prefilled values with a new order id. */
  start?: DraftStart | undefined;
  /** The order being remade (or the lens a consult was about), to mark the parameters that differ from it. */
  original?: OrderFormOriginal | undefined;
  /** The attachments panel (another feature's), given by the route. */
  renderAttachments?: (props: {
    orderId: string;
    onChange: (files: OrderFormValues['attachments']) => void;
  }) => ReactNode;
  newOrderId?: () => string;
}

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

/**
 * The Order Form (issue 5 item 2): one patient's lenses for OD and/or OS, checked as typed with the same
 * definitions the server uses, saved as a draft as the user goes, submitted once after a confirmation.
 */
export function OrderForm({
  userId,
  account,
  designs,
  api,
  start,
  original,
  renderAttachments,
  newOrderId = () => crypto.randomUUID(),
}: OrderFormProps) {
  const storageKey = draftStorageKey(userId, account.accountNumber);
  const fresh = (): DraftStart => ({
    orderId: newOrderId(),
    values: emptyOrderForm(account.shippingAddress),
    version: null,
  });
  const draftState = useOrderDraft({
    storageKey,
    accountNumber: account.accountNumber,
    api,
    designs,
    fresh,
    start,
  });
  const { draft, values, update, save } = draftState;
  const [submitErrors, setSubmitErrors] = useState<FormErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [discarding, setDiscarding] = useState<'ask' | 'busy' | null>(null);
  const [submitted, setSubmitted] = useState<Order | null>(null);
  const sendingRef = useRef(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const showPrices = account.pricingAllowed;
  const designById = useMemo(() => new Map(designs.map((d) => [d.lensId, d])), [designs]);
  const originalLine = (eye: Eye) => original?.lines.find((l) => l.eye === eye);

  // Parameter messages as the user types; "required" ones only once a submit was tried.
  const liveErrors = useMemo(() => {
    const errors: FormErrors = {};
    for (const eye of enabledEyes(values)) {
      const line = values.lines[eye];
      const found = lineParameterErrors(designById.get(line.lensId), line, attempted);
      for (const [key, message] of Object.entries(found)) errors[`lines.${eye}.parameters.${key}`] = message;
    }
    return errors;
  }, [values, designById, attempted]);
  const errors = { ...submitErrors, ...liveErrors };

  const change = (edit: (v: OrderFormValues) => OrderFormValues, clears: string[] = []) => {
    update(edit);
    if (clears.length)
      setSubmitErrors((current) => {
        const next = { ...current };
        for (const key of Object.keys(next))
          if (clears.some((c) => key === c || key.startsWith(`${c}.`))) delete next[key];
        return next;
      });
  };
  const setField = (path: 'patient' | 'poNumber' | 'notes', value: string) =>
    change((v) => ({ ...v, [path]: value }), [path]);
  const setLine = (eye: Eye, edit: (l: LineValues) => LineValues) =>
    change((v) => ({ ...v, lines: { ...v.lines, [eye]: edit(v.lines[eye]) } }), [`lines.${eye}`, 'lines']);
  const addressField = (path: string) => {
    const key = path.replace('shipping.address.', '') as keyof AddressValues;
    return {
      name: path,
      value: values.shipping.address[key],
      onChange: (event: { target: { value: string } }) =>
        change(
          (v) => ({ ...v, shipping: { ...v.shipping, address: { ...v.shipping.address, [key]: event.target.value } } }),
          [path],
        ),
      error: errors[path],
    };
  };

  const copyOdToOs = () =>
    change(
      (v) => ({ ...v, lines: { ...v.lines, OS: { ...v.lines.OD, parameters: { ...v.lines.OD.parameters } } } }),
      ['lines.OS'],
    );

  /** Every check the server makes: the fields' schema, then each line against its design. */
  function validate(): FormErrors {
    const found: FormErrors = {};
    const parsed = orderFieldsSchema.safeParse(toOrderFields(values, designs));
    if (!parsed.success)
      for (const [path, message] of Object.entries(formErrorsOf(parsed.error)))
        found[formKeyOfServerPath(path, values)] ??= message;
    for (const eye of enabledEyes(values)) {
      const line = values.lines[eye];
      const design = designById.get(line.lensId);
      if (!design) {
        found[`lines.${eye}.lensId`] = `Choose a lens design for ${eye}`;
        continue;
      }
      for (const [key, message] of Object.entries(lineParameterErrors(design, line, true)))
        found[`lines.${eye}.parameters.${key}`] ??= message;
      if (found[`lines.${eye}.parameters`]) delete found[`lines.${eye}.parameters`];
    }
    return found;
  }

  function showProblems(found: FormErrors) {
    setSubmitErrors(found);
    requestAnimationFrame(() => summaryRef.current?.focus());
  }

  function review() {
    setAttempted(true);
    const found = validate();
    if (Object.keys(found).length > 0) return showProblems(found);
    setSubmitErrors({});
    setSendError(null);
    setConfirming(true);
  }

  async function send() {
    if (sendingRef.current) return; // a double click reaches here twice before the button is disabled
    sendingRef.current = true;
    setSending(true);
    setSendError(null);
    try {
      await draftState.pause();
      const order = await api.submit({
        orderId: draft.orderId,
        accountNumber: account.accountNumber,
        order: orderFieldsSchema.parse(toOrderFields(values, designs)),
      });
      draftState.finish();
      setConfirming(false);
      setSubmitted(order);
      notify.success(`Order ${order.orderNumber ?? ''} submitted`);
    } catch (error) {
      const fieldErrors: FormErrors = {};
      if (isCallableError(error))
        for (const [path, messages] of Object.entries(error.fieldErrors))
          if (messages[0]) fieldErrors[formKeyOfServerPath(path, values)] ??= messages[0];
      if (Object.keys(fieldErrors).length > 0) {
        setConfirming(false);
        showProblems(fieldErrors);
      } else setSendError(failureMessage(error, 'The order could not be submitted. Try again.'));
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  }

  async function discard() {
    setDiscarding('busy');
    try {
      await draftState.pause();
      if (draft.version !== null) await api.discardDraft(draft.orderId);
      draftState.finish(fresh());
      setSubmitErrors({});
      setAttempted(false);
      setDiscarding(null);
      notify.info('Draft discarded');
    } catch (error) {
      setDiscarding('ask');
      notify.error(failureMessage(error, 'The draft could not be discarded'));
    }
  }

  if (submitted) {
    return (
      <section className={styles.success} aria-labelledby="order-submitted-title" tabIndex={-1}>
        <h2 id="order-submitted-title">Order {submitted.orderNumber} submitted</h2>
        <p>The lab has your order for {submitted.patient}. You will get an email when its status changes.</p>
        <div className={formStyles.actions}>
          <Link className={styles.linkButton} to={`/customer/orders/${submitted.orderId}`}>
            View order {submitted.orderNumber}
          </Link>
          <Button
            variant="secondary"
            onClick={() => {
              draftState.finish(fresh());
              setSubmitted(null);
              setAttempted(false);
            }}
          >
            Start a new order
          </Button>
        </div>
      </section>
    );
  }

  const problems = Object.entries(submitErrors);
  const totalCents = showPrices
    ? enabledEyes(values).reduce((sum, eye) => {
        const design = designById.get(values.lines[eye].lensId);
        const qty = Number(values.lines[eye].quantity);
        return design?.priceCents !== undefined && Number.isInteger(qty) ? sum + design.priceCents * qty : sum;
      }, 0)
    : 0;

  return (
    <form
      id="order-form"
      className={`${formStyles.form} ${styles.form}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
    >
      <div className={styles.status} aria-live="polite">
        {save.kind === 'saving' ? 'Saving…' : null}
        {save.kind === 'saved' ? `Draft saved ${timeOf(save.at)}` : null}
        {save.kind === 'error' ? `Draft not saved on the server: ${save.message}. It is kept in this browser.` : null}
      </div>
      {draftState.restored ? (
        <Alert tone="info">Your draft was restored. Continue where you left off, or discard it.</Alert>
      ) : null}
      {values.remake ? (
        <Alert tone="info">
          {values.remake.kind === 'warranty' ? 'Warranty remake' : 'Reorder'} of order{' '}
          {original?.orderNumber ?? values.remake.ofOrderId}. Changed parameters are marked.
        </Alert>
      ) : null}
      {problems.length > 0 ? (
        <div ref={summaryRef} tabIndex={-1} className={styles.summary} role="alert" aria-labelledby="order-problems">
          <h2 id="order-problems">
            Please correct {problems.length === 1 ? '1 problem' : `${problems.length} problems`}
          </h2>
          <ul>
            {problems.map(([key, message]) => (
              <li key={key}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <fieldset className={formStyles.section}>
        <legend className={formStyles.legend}>Patient</legend>
        <div className={styles.row}>
          <TextField
            label="Patient name or reference"
            name="patient"
            required
            maxLength={80}
            autoComplete="off"
            value={values.patient}
            error={errors.patient}
            onChange={(e) => setField('patient', e.target.value)}
          />
          <TextField
            label="PO number (optional)"
            name="poNumber"
            maxLength={40}
            autoComplete="off"
            value={values.poNumber}
            error={errors.poNumber}
            onChange={(e) => setField('poNumber', e.target.value)}
          />
        </div>
      </fieldset>

      <fieldset className={formStyles.section}>
        <legend className={formStyles.legend}>Lenses</legend>
        {errors.lines ? (
          <p className={styles.error} role="alert">
            {errors.lines}
          </p>
        ) : null}
        {EYES.map((eye) => (
          <section key={eye} className={styles.eye} aria-label={EYE_LABELS[eye]}>
            <div className={styles.eyeHeader}>
              <label className={styles.toggle}>
                <input
                  type="checkbox"
                  checked={values.lines[eye].enabled}
                  onChange={(e) =>
                    setLine(eye, (l) => ({ ...(l.lensId ? l : emptyLine(true)), enabled: e.target.checked }))
                  }
                />{' '}
                Order a lens for {EYE_LABELS[eye]}
              </label>
              {eye === 'OS' ? (
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  onClick={copyOdToOs}
                  disabled={!values.lines.OD.enabled}
                >
                  Copy OD to OS
                </Button>
              ) : null}
            </div>
            {values.lines[eye].enabled ? (
              <LensLineFields
                eye={eye}
                line={values.lines[eye]}
                designs={designs}
                design={designById.get(values.lines[eye].lensId)}
                errors={errors}
                showPrices={showPrices}
                original={originalLine(eye)}
                onChange={(edit) => setLine(eye, edit)}
              />
            ) : null}
          </section>
        ))}
        {showPrices && totalCents > 0 ? (
          <p className={styles.total}>
            Order total: <strong>{formatCents(totalCents)}</strong>
          </p>
        ) : null}
      </fieldset>

      <fieldset className={formStyles.section}>
        <legend className={formStyles.legend}>Shipping</legend>
        <div className={styles.row}>
          <SelectField
            label="Shipping method"
            name="shipping.method"
            options={SHIPPING_METHODS.map((m) => ({ value: m, label: SHIPPING_METHOD_LABELS[m] }))}
            value={values.shipping.method}
            error={errors['shipping.method']}
            onChange={(e) =>
              change(
                (v) => ({
                  ...v,
                  shipping: { ...v.shipping, method: e.target.value as OrderFormValues['shipping']['method'] },
                }),
                ['shipping.method'],
              )
            }
          />
          <SelectField
            label="Ship to"
            name="shipping.shipTo"
            options={[
              { value: 'office', label: 'The practice' },
              { value: 'patient', label: 'The patient' },
            ]}
            value={values.shipping.shipTo}
            onChange={(e) =>
              change(
                (v) => {
                  const shipTo = e.target.value === 'patient' ? 'patient' : 'office';
                  // Back to the office: its address again; to the patient: the user types theirs.
                  const address =
                    shipTo === 'office'
                      ? emptyOrderForm(account.shippingAddress).shipping.address
                      : emptyOrderForm().shipping.address;
                  return { ...v, shipping: { ...v.shipping, shipTo, address } };
                },
                ['shipping'],
              )
            }
          />
        </div>
        <AddressFields field={addressField} prefix="shipping.address" section="shipping" />
      </fieldset>

      <fieldset className={formStyles.section}>
        <legend className={formStyles.legend}>Notes and files</legend>
        <TextAreaField
          label="Order notes (optional)"
          name="notes"
          maxLength={2000}
          value={values.notes}
          error={errors.notes}
          onChange={(e) => setField('notes', e.target.value)}
        />
        {renderAttachments ? (
          draft.version !== null ? (
            renderAttachments({
              orderId: draft.orderId,
              onChange: (files) => change((v) => ({ ...v, attachments: files }), ['attachments']),
            })
          ) : (
            <p className={styles.hintText}>Files can be attached once the draft is saved (start typing the order).</p>
          )
        ) : null}
        {errors.attachments ? <p className={styles.error}>{errors.attachments}</p> : null}
      </fieldset>

      <div className={formStyles.actions}>
        <Button type="submit">Review and submit</Button>
        <Button type="button" variant="ghost" onClick={() => setDiscarding('ask')}>
          Discard draft
        </Button>
      </div>

      {confirming ? (
        <ConfirmDialog
          title="Submit this order?"
          confirmLabel="Submit order"
          tone="primary"
          busy={sending}
          error={sendError}
          onConfirm={() => void send()}
          onCancel={() => setConfirming(false)}
        >
          <OrderSummary values={values} designs={designById} showPrices={showPrices} totalCents={totalCents} />
        </ConfirmDialog>
      ) : null}
      {discarding ? (
        <ConfirmDialog
          title="Discard this draft?"
          confirmLabel="Discard draft"
          busy={discarding === 'busy'}
          onConfirm={() => void discard()}
          onCancel={() => setDiscarding(null)}
        >
          <p>Everything typed into this order, and its attached files, will be deleted.</p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}

function OrderSummary({
  values,
  designs,
  showPrices,
  totalCents,
}: {
  values: OrderFormValues;
  designs: Map<string, LensDesign>;
  showPrices: boolean;
  totalCents: number;
}) {
  return (
    <dl className={styles.confirm}>
      <dt>Patient</dt>
      <dd>{values.patient}</dd>
      {values.poNumber ? (
        <>
          <dt>PO number</dt>
          <dd>{values.poNumber}</dd>
        </>
      ) : null}
      {enabledEyes(values).map((eye) => (
        <div key={eye}>
          <dt>{EYE_LABELS[eye]}</dt>
          <dd>
            {designs.get(values.lines[eye].lensId)?.name} × {values.lines[eye].quantity}
          </dd>
        </div>
      ))}
      <dt>Shipping</dt>
      <dd>
        {values.shipping.method ? SHIPPING_METHOD_LABELS[values.shipping.method] : ''} to{' '}
        {values.shipping.shipTo === 'patient' ? 'the patient' : 'the practice'}: {values.shipping.address.address},{' '}
        {values.shipping.address.city}
      </dd>
      {values.attachments.length > 0 ? (
        <>
          <dt>Files</dt>
          <dd>{values.attachments.length}</dd>
        </>
      ) : null}
      {showPrices && totalCents > 0 ? (
        <>
          <dt>Total</dt>
          <dd>{formatCents(totalCents)}</dd>
        </>
      ) : null}
    </dl>
  );
}
