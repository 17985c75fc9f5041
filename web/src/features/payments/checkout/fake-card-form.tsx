import { useRef, useState, type FormEvent } from 'react';
import { formatCents } from '../../../../../core/rules/invoice-balance';
import { cardDigits, cardFormProblem, groupCardNumber, TEST_CARDS } from '../../../../../core/rules/test-cards';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { logError } from '../../../lib/logger';
import styles from './checkout.module.css';

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
  const [values, setValues] = useState<Record<Field, string>>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [gatewayMessage, setGatewayMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setGatewayMessage(null);
    const problem = cardFormProblem(values);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      formRef.current?.querySelector<HTMLInputElement>(`[name="${problem.field}"]`)?.focus();
      return;
    }
    setBusy(true);
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
      setGatewayMessage(answer?.error?.message ?? 'The card could not be charged. Please try again.');
      // A decline happened at the gateway: the page asks the server for the payment's state.
      if (response.status === 402) onConfirmed();
    } catch (error) {
      // Never the card: only that sending failed.
      logError('test card form: the gateway could not be reached', error);
      setGatewayMessage('The card could not be sent. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className={styles.form} onSubmit={submit} noValidate aria-label="Card payment">
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
        name="cardNumber"
        inputMode="numeric"
        // A test form must never invite the browser to fill in a real card.
        autoComplete="off"
        maxLength={23}
        placeholder="4242 4242 4242 4242"
        required
        value={values.cardNumber}
        error={errors.cardNumber}
        onChange={(e) => change('cardNumber', groupCardNumber(cardDigits(e.target.value).replace(/\D/g, '')))}
      />
      <div className={styles.row}>
        <TextField
          label="Expiry (MM/YY)"
          name="expiry"
          inputMode="numeric"
          autoComplete="off"
          maxLength={5}
          placeholder="MM/YY"
          required
          value={values.expiry}
          error={errors.expiry}
          onChange={(e) => change('expiry', formatExpiry(e.target.value))}
        />
        <TextField
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          required
          value={values.cvc}
          error={errors.cvc}
          onChange={(e) => change('cvc', e.target.value.replace(/\D/g, ''))}
        />
      </div>
      {gatewayMessage ? <Alert tone="error">{gatewayMessage}</Alert> : null}
      <Button type="submit" loading={busy} block>
        {busy ? 'Paying…' : `Pay ${formatCents(amountCents)}`}
      </Button>
    </form>
  );
}
