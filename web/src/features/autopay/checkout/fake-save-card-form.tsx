import { useState } from 'react';
import { CARD_MESSAGES } from '../../../../../core/messages';
import { cardDigits, cardFormProblem, groupCardNumber, SAVED_TEST_CARDS } from '../../../../../core/rules/test-cards';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { FormError } from '../../../forms/form-error';
import { WHOLE_NUMBER_INPUT } from '../../../forms/number-inputs';
import { SubmitButton } from '../../../forms/submit-button';
import { usePortalForm } from '../../../forms/use-portal-form';
import type { FormErrors } from '../../../lib/form-errors';
import { logError } from '../../../lib/logger';
import styles from './save-card.module.css';
import { postFakeGateway } from './fake-gateway-pages';

type Field = 'cardNumber' | 'expiry' | 'cvc';

const formatExpiry = (text: string) => {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/**
 * The fake gateway's form for saving a card (local stack and tests), standing in for Stripe's Payment Element on a
 * SetupIntent. A card that asks for authentication shows the bank's step, as Stripe's 3-D Secure frame would.
 */
export function FakeSaveCardForm({ clientSecret, onSaved }: { clientSecret: string; onSaved: () => void }) {
  const [authenticating, setAuthenticating] = useState(false);
  const [authError, setAuthError] = useState<string | null>(null);
  const form = usePortalForm({
    initial: { cardNumber: '', expiry: '', cvc: '' } as Record<Field, string>,
    check: (values): FormErrors => {
      const problem = cardFormProblem(values);
      return problem ? { [problem.field]: problem.message } : {};
    },
    failureMessage: CARD_MESSAGES.notSent,
    submit: async (_checked, values): Promise<void> => {
      try {
        const answer = await postFakeGateway('setup', {
          clientSecret,
          cardNumber: cardDigits(values.cardNumber),
          expiry: values.expiry,
          cvc: values.cvc.trim(),
        });
        if (!answer.ok) {
          form.setFormError(answer.message ?? 'The card was not saved.');
          return;
        }
        if (answer.status === 'requires_action') {
          setAuthenticating(true);
          return;
        }
        onSaved();
      } catch (error) {
        logError('save card form: the gateway could not be reached', error);
        form.setFormError(CARD_MESSAGES.notSent);
      }
    },
  });

  async function authenticate(approve: boolean) {
    try {
      const answer = await postFakeGateway('authenticate', { clientSecret, approve });
      if (answer.ok) return onSaved();
      setAuthenticating(false);
      setAuthError(answer.message ?? 'The bank did not confirm the card.');
    } catch (error) {
      logError('save card form: the gateway could not be reached', error);
      setAuthError(CARD_MESSAGES.notSent);
    }
  }

  if (authenticating)
    return (
      <div className={styles.bank} role="group" aria-label="Bank authentication">
        <p>Test bank page: your bank asks you to confirm this card.</p>
        <div className={styles.actions}>
          <Button onClick={() => void authenticate(true)}>Complete authentication</Button>
          <Button variant="secondary" onClick={() => void authenticate(false)}>
            Fail authentication
          </Button>
        </div>
      </div>
    );

  return (
    <form id={form.formId} className={styles.form} onSubmit={form.submit} noValidate aria-label="Save a card">
      <div className={styles.testNote} role="note">
        <p>Test card form — no real card is saved.</p>
        <ul className={styles.testCards} aria-label="Test cards">
          {SAVED_TEST_CARDS.map((card) => (
            <li key={card.number}>
              <code>{groupCardNumber(card.number)}</code>: {card.label.toLowerCase()}
            </li>
          ))}
        </ul>
      </div>
      <TextField
        label="Card number"
        inputMode="numeric"
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
      <FormError message={form.formError ?? authError} />
      <SubmitButton busy={form.busy} block>
        {form.busy ? 'Saving…' : 'Save card'}
      </SubmitButton>
    </form>
  );
}
