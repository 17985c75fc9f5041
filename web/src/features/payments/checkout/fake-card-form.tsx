import { CARD_MESSAGES } from '../../../../../core/messages';
import { formatCents } from '../../../lib/money-text';
import { cardDigits, cardFormProblem, groupCardNumber, TEST_CARDS } from '../../../../../core/rules/test-cards';
import { TextField } from '../../../components/ui/text-field';
import { FormError } from '../../../forms/form-error';
import { SubmitButton } from '../../../forms/submit-button';
import { usePortalForm } from '../../../forms/use-portal-form';
import type { FormErrors } from '../../../lib/form-errors';
import { logError } from '../../../lib/logger';
import styles from './checkout.module.css';
import { WHOLE_NUMBER_INPUT } from '../../../forms/number-inputs';

/** Where the test card form posts: the local web server forwards /fake-gateway/* to the fake gateway service. */
export const FAKE_GATEWAY_CONFIRM_URL = '/fake-gateway/confirm';

type Field = 'cardNumber' | 'expiry' | 'cvc';

/** "1228" -> "12/28" while typing; digits only. */
function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

interface GatewayAnswer {
  status?: string;
  error?: { type?: string; message?: string };
}

/**
 * The fake gateway's card form (local stack and tests), standing in for Stripe's Payment Element: the card goes
 * from here to the gateway, never to the portal's API. Stripe's test numbers behave as they do in Stripe's test
 * mode, and a decline shows the gateway's own reason.
 */
export function FakeCardForm({
  clientSecret,
  amountCents,
  onConfirmed,
}: {
  clientSecret: string;
  amountCents: number;
  onConfirmed: () => void;
}) {
  const form = usePortalForm({
    initial: { cardNumber: '', expiry: '', cvc: '' } as Record<Field, string>,
    check: (values): FormErrors => {
      const problem = cardFormProblem(values);
      return problem ? { [problem.field]: problem.message } : {};
    },
    failureMessage: CARD_MESSAGES.notSent,
    // Sent once at a time however often Pay is pressed: the hook ignores a press while one is under way.
    submit: async (_checked, values) => {
      try {
        const response = await fetch(FAKE_GATEWAY_CONFIRM_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          credentials: 'same-origin',
          body: JSON.stringify({
            clientSecret,
            cardNumber: cardDigits(values.cardNumber),
            expiry: values.expiry,
            cvc: values.cvc.trim(),
          }),
        });
        const answer = (await response.json().catch(() => null)) as GatewayAnswer | null;
        if (response.ok) {
          onConfirmed();
          return;
        }
        form.setFormError(answer?.error?.message ?? CARD_MESSAGES.notCharged);
        // A decline happened at the gateway: the page asks the server for the payment's state.
        if (response.status === 402) onConfirmed();
      } catch (error) {
        // Never the card: only that sending failed.
        logError('test card form: the gateway could not be reached', error);
        form.setFormError(CARD_MESSAGES.notSent);
      }
    },
  });
  const { busy } = form;

  return (
    <form id={form.formId} className={styles.form} onSubmit={form.submit} noValidate aria-label="Card payment">
      <div className={styles.testNote} role="note">
        <p>Test card form — no real card is charged.</p>
        <ul className={styles.testCards} aria-label="Test cards">
          {TEST_CARDS.map((card) => (
            <li key={card.number}>
              <code>{groupCardNumber(card.number)}</code>: {card.label.toLowerCase()}
            </li>
          ))}
        </ul>
      </div>
      <TextField
        label="Card number"
        inputMode="numeric"
        // A test form must never invite the browser to fill in a real card.
        autoComplete="off"
        maxLength={23}
        placeholder="4242 4242 4242 4242"
        required
        {...form.field('cardNumber')}
        onChange={(e) => form.set('cardNumber', groupCardNumber(cardDigits(e.target.value).replace(/\D/g, '')))}
      />
      <div className={styles.row}>
        <TextField
          label="Expiry (MM/YY)"
          {...WHOLE_NUMBER_INPUT}
          maxLength={5}
          placeholder="MM/YY"
          required
          {...form.field('expiry')}
          onChange={(e) => form.set('expiry', formatExpiry(e.target.value))}
        />
        <TextField
          label="CVC"
          {...WHOLE_NUMBER_INPUT}
          maxLength={4}
          required
          {...form.field('cvc')}
          onChange={(e) => form.set('cvc', e.target.value.replace(/\D/g, ''))}
        />
      </div>
      <FormError message={form.formError} />
      <SubmitButton busy={busy} block>
        {busy ? 'Paying…' : `Pay ${formatCents(amountCents)}`}
      </SubmitButton>
    </form>
  );
}
