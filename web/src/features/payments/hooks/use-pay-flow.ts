import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { PaymentView } from '../../../../../core/schemas/payments';
import { isCallableError } from '../../../lib/callable-error';
import { creditKeys } from '../../credit';
import { confirmPayment, startPayment } from '../api/payment-queries';
import {
  clearPendingCheckout,
  newCheckout,
  readPendingCheckout,
  savePendingCheckout,
  type PendingCheckout,
} from '../model/pending-checkout';
import { isUnsure, retryUnsure } from '../model/retry-unsure';

/** Waits between repeats of a payment call whose answer was lost (tests shorten them). */
export const payFlowTiming = { retryDelaysMs: [1000, 3000] as readonly number[] };

export type PayPhase =
  /** Choosing invoices; nothing under way. */
  | { kind: 'idle' }
  /** startPayment is on its way (a first start, a retry or a resume after reload). */
  | { kind: 'starting'; checkout: PendingCheckout }
  /** The server made the payment; the card is still to be given. */
  | { kind: 'card'; checkout: PendingCheckout; view: PaymentView }
  /** The gateway has the card; confirmPayment is on its way. */
  | { kind: 'confirming'; checkout: PendingCheckout }
  /** No answer came: the same payment can be asked about again (same id) or given up. */
  | { kind: 'interrupted'; checkout: PendingCheckout; step: 'start' | 'confirm'; message: string }
  | { kind: 'succeeded'; view: PaymentView };

export interface PayNotice {
  tone: 'error' | 'warning';
  title: string;
  text?: string;
}

export const DECLINED = 'The payment did not go through';
export const UNCHANGED = 'Your invoices are unchanged. Check the card details and try again, or use another card.';
export const INTERRUPTED =
  'The portal could not reach the server. Your payment is kept: "Try again" continues the same payment, it never charges twice.';

/**
 * The payment of the chosen invoices, end to end. The payment id is made once per checkout, before anything
 * is sent, and kept with the choice in sessionStorage: a double click, a retry after a lost answer and a
 * reload during payment all name the same payment, which the server charges once. The Pay button's disabled
 * state is not enough against a double click (both clicks arrive before React re-renders), so a ref guards
 * every request too.
 */
export function usePayFlow({
  userId,
  onSettled,
}: {
  userId: string;
  onSettled: (outcome: 'succeeded' | 'failed' | 'conflict') => void;
}) {
  const queryClient = useQueryClient();
  // A checkout kept from before a reload is resumed at once (the effect below asks the server about it).
  const [resumed] = useState(() => readPendingCheckout(userId));
  const [phase, setPhase] = useState<PayPhase>(() =>
    resumed ? { kind: 'starting', checkout: resumed } : { kind: 'idle' },
  );
  const [notice, setNotice] = useState<PayNotice | null>(null);
  const inFlight = useRef(false);
  const settled = useRef(onSettled);
  useLayoutEffect(() => {
    settled.current = onSettled;
  });

  const finish = useCallback(
    (outcome: 'succeeded' | 'failed' | 'conflict') => {
      clearPendingCheckout(userId);
      // Credit may have been spent (or, on a failure, given back): every view of the balance reads it again.
      void queryClient.invalidateQueries({ queryKey: creditKeys.all });
      settled.current(outcome);
    },
    [queryClient, userId],
  );

  const show = useCallback(
    (checkout: PendingCheckout, view: PaymentView) => {
      if (view.status === 'succeeded') {
        setPhase({ kind: 'succeeded', view });
        finish('succeeded');
      } else if (view.status === 'failed') {
        setPhase({ kind: 'idle' });
        setNotice({ tone: 'error', title: view.failureMessage || DECLINED, text: UNCHANGED });
        finish('failed');
      } else if (view.checkout) {
        setPhase({ kind: 'card', checkout, view });
        if (view.failureMessage) setNotice({ tone: 'error', title: view.failureMessage, text: UNCHANGED });
      } else {
        // Awaiting a card without a way to give one: ask again later rather than guess.
        setPhase({ kind: 'interrupted', checkout, step: 'start', message: INTERRUPTED });
      }
    },
    [finish],
  );

  const refused = useCallback(
    (checkout: PendingCheckout, step: 'start' | 'confirm', error: unknown) => {
      if (isUnsure(error)) {
        setPhase({ kind: 'interrupted', checkout, step, message: INTERRUPTED });
        return;
      }
      // An answer that refuses the payment (409: an invoice changed, e.g. someone else paid it; 400: an
      // amount the server does not accept): nothing was charged, the next Pay is a new payment.
      const conflict = isCallableError(error) && error.status === 'aborted';
      setPhase({ kind: 'idle' });
      setNotice({
        tone: conflict ? 'warning' : 'error',
        title: isCallableError(error) && error.message ? error.message : DECLINED,
        ...(conflict ? { text: 'The invoices were read again: check the amounts and pay again.' } : {}),
      });
      finish(conflict ? 'conflict' : 'failed');
    },
    [finish],
  );

  /** Sends startPayment for the checkout (kept first, so a reload mid-request resumes it); state changes after the answer. */
  const send = useCallback(
    async (checkout: PendingCheckout) => {
      if (inFlight.current) return;
      inFlight.current = true;
      savePendingCheckout(userId, checkout);
      try {
        const view = await retryUnsure(
          () =>
            startPayment({
              paymentId: checkout.paymentId,
              accountNumber: checkout.accountNumber,
              allocations: checkout.allocations,
              applyCredit: checkout.applyCredit,
            }),
          payFlowTiming.retryDelaysMs,
        );
        show(checkout, view);
      } catch (error) {
        refused(checkout, 'start', error);
      } finally {
        inFlight.current = false;
      }
    },
    [refused, show, userId],
  );

  const start = useCallback(
    (checkout: PendingCheckout) => {
      if (inFlight.current) return;
      setNotice(null);
      setPhase({ kind: 'starting', checkout });
      void send(checkout);
    },
    [send],
  );

  const confirm = useCallback(
    async (checkout: PendingCheckout) => {
      if (inFlight.current) return;
      inFlight.current = true;
      setNotice(null);
      setPhase({ kind: 'confirming', checkout });
      try {
        show(checkout, await retryUnsure(() => confirmPayment(checkout.paymentId), payFlowTiming.retryDelaysMs));
      } catch (error) {
        refused(checkout, 'confirm', error);
      } finally {
        inFlight.current = false;
      }
    },
    [refused, show],
  );

  // A reload during payment: the kept checkout is asked about again with its own id (startPayment answers
  // an existing payment as it stands), so the payer sees the card form, the receipt or the decline.
  useEffect(() => {
    // `send` changes state only once the server answered (the request is the external system synced here).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (resumed) void send(resumed);
    // Once per mount: a later re-render must not start anything.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    phase,
    notice,
    /**
     * Pays the chosen invoices with a new payment id. Only from idle: a checkout under way is continued with
     * `retry` (or the card form), never replaced by a second payment.
     */
    pay: (choice: Omit<PendingCheckout, 'paymentId'>) => {
      if (inFlight.current || phase.kind !== 'idle') return;
      start(newCheckout(choice));
    },
    /** The gateway took the card: the server says whether it was charged. */
    cardConfirmed: () => {
      if (phase.kind === 'card') void confirm(phase.checkout);
    },
    /** After a lost answer: the same call again, with the same payment id. */
    retry: () => {
      if (phase.kind !== 'interrupted') return;
      if (phase.step === 'confirm') void confirm(phase.checkout);
      else start(phase.checkout);
    },
    /**
     * The payer gives up this checkout before giving the card (to change the invoices): the next Pay makes
     * a new payment. Not offered once the card was given (the charge may have happened).
     */
    abandon: () => {
      if (inFlight.current || (phase.kind === 'interrupted' && phase.step === 'confirm')) return;
      clearPendingCheckout(userId);
      setNotice(null);
      setPhase({ kind: 'idle' });
    },
    /** From the receipt back to choosing invoices. */
    done: () => setPhase({ kind: 'idle' }),
    busy: phase.kind === 'starting' || phase.kind === 'confirming',
  };
}
