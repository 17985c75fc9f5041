import { useMemo, useState, type RefObject } from 'react';
import type { PostalAddress } from '../../../../../../core/schemas/customers/customer-info';
import type { LensDesign } from '../../../../../../core/schemas/lenses';
import { orderFieldsSchema, type Order } from '../../../../../../core/schemas/orders';
import { useSubmission } from '../../../../forms/use-submission';
import { isCallableError } from '../../../../lib/callable-error';
import { failureMessage, formErrorsOf, type FormErrors } from '../../../../lib/form-errors';
import { notifyLazily } from '../../../../lib/notify-lazily';
import { useOrderDraft, type DraftStart } from '../../hooks/use-order-draft';
import { draftStorageKey } from '../../model/local-draft';
import {
  emptyOrderForm,
  enabledEyes,
  formKeyOfServerPath,
  lineParameterErrors,
  toOrderFields,
  type AddressValues,
  type Eye,
  type LineValues,
  type OrderFormValues,
} from '../../model/order-form-values';
import type { OrderFormApi } from '../order-form-api';

export interface OrderFormAccount {
  accountNumber: string;
  pricingAllowed: boolean;
  shippingAddress: PostalAddress;
}

/**
 * The order form's state: the values live in the draft (saved as the user types, useOrderDraft), the
 * messages are the parameters' own as typed plus every check of the last review, and sending goes through
 * the forms' one submission core (one send at a time, busy, the message in the confirmation).
 */
export function useOrderForm({
  userId,
  account,
  designs,
  api,
  start,
  newOrderId,
  summaryRef,
}: {
  userId: string;
  account: OrderFormAccount;
  designs: readonly LensDesign[];
  api: OrderFormApi;
  start: DraftStart | undefined;
  newOrderId: () => string;
  /** The problems above the form, focused after a failed review. */
  summaryRef: RefObject<HTMLDivElement | null>;
}) {
  const fresh = (): DraftStart => ({
    orderId: newOrderId(),
    values: emptyOrderForm(account.shippingAddress),
    version: null,
  });
  const draftState = useOrderDraft({
    storageKey: draftStorageKey(userId, account.accountNumber),
    accountNumber: account.accountNumber,
    api,
    designs,
    fresh,
    start,
  });
  const { draft, values, update } = draftState;
  const [submitErrors, setSubmitErrors] = useState<FormErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const sending = useSubmission();
  const [discarding, setDiscarding] = useState<'ask' | 'busy' | null>(null);
  const [submitted, setSubmitted] = useState<Order | null>(null);
  const designById = useMemo(() => new Map(designs.map((d) => [d.lensId, d])), [designs]);

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

  /** Edits the values; the messages of the fields under `clears` go (they are checked again on review). */
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

  /** "Review and submit": every check, then the confirmation. */
  function review() {
    setAttempted(true);
    const found = validate();
    if (Object.keys(found).length > 0) return showProblems(found);
    setSubmitErrors({});
    sending.setFormError(null);
    setConfirming(true);
  }

  const send = () =>
    sending.run(async () => {
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
        notifyLazily('success', `Order ${order.orderNumber ?? ''} submitted`);
      } catch (error) {
        const fieldErrors: FormErrors = {};
        if (isCallableError(error))
          for (const [path, messages] of Object.entries(error.fieldErrors))
            if (messages[0]) fieldErrors[formKeyOfServerPath(path, values)] ??= messages[0];
        if (Object.keys(fieldErrors).length > 0) {
          setConfirming(false);
          showProblems(fieldErrors);
        } else sending.setFormError(failureMessage(error, 'The order could not be submitted. Try again.'));
      }
    });

  async function discard() {
    setDiscarding('busy');
    try {
      await draftState.pause();
      if (draft.version !== null) await api.discardDraft(draft.orderId);
      draftState.finish(fresh());
      setSubmitErrors({});
      setAttempted(false);
      setDiscarding(null);
      notifyLazily('info', 'Draft discarded');
    } catch (error) {
      setDiscarding('ask');
      notifyLazily('error', failureMessage(error, 'The draft could not be discarded'));
    }
  }

  /** After the success page: a new, empty order. */
  function startNew() {
    draftState.finish(fresh());
    setSubmitted(null);
    setAttempted(false);
  }

  return {
    draftState,
    values,
    errors,
    submitErrors,
    designById,
    change,
    setField,
    setLine,
    addressField,
    review,
    confirming,
    setConfirming,
    send,
    sending: sending.busy,
    sendError: sending.formError,
    discarding,
    setDiscarding,
    discard,
    submitted,
    startNew,
  };
}

export type OrderFormState = ReturnType<typeof useOrderForm>;
