import { ACCOUNT_MESSAGES } from '../../../../../core/messages';
import { useId } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { usePortalForm } from '../../../forms/use-portal-form';
import { runtimeConfig } from '../../../lib/runtime-config';
import { useSignUp } from '../api/sign-up';
import { holdSignUpPassword } from '../model/sign-up-hand-off';
import { NewPasswordField } from './password-field';
import { AuthForm } from './auth-form';
import styles from './auth-form.module.css';

/** The schema (and zod with it) loads when the user first submits, not with the public page. */
const loadSignUpSchema = () => import('../../../../../core/schemas/auth/sign-up').then((m) => m.signUpInputSchema);

/**
 * spec 4 "Sign-up": first and last name, email, password (with the live policy hints) and the required
 * terms checkbox. Checked with the same schema the server parses (core/schemas/auth/sign-up.ts), then sent to
 * the signUp route, whose spec 8 messages are shown as they come.
 */
export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const signUp = useSignUp();
  const termsErrorId = useId();
  const hintsId = useId();
  const form = usePortalForm({
    initial: { firstName: '', lastName: '', email: '', password: '', termsAccepted: false },
    schema: loadSignUpSchema,
    failureMessage: ACCOUNT_MESSAGES.createUserFailed,
    submit: async (input) => {
      await signUp.mutateAsync(input);
      holdSignUpPassword(input.email, input.password);
      onSignedUp(input.email);
    },
  });
  const { values, errors } = form;

  return (
    <AuthForm
      id={form.formId}
      onSubmit={form.submit}
      busy={form.busy}
      error={form.formError}
      submitLabel="Create account"
    >
      <div className={styles.row}>
        <TextField label="First name" autoComplete="given-name" {...form.field('firstName')} required />
        <TextField label="Last name" autoComplete="family-name" {...form.field('lastName')} required />
      </div>
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} required />
      <NewPasswordField label="Password" hintsId={hintsId} {...form.field('password')} />
      <div className={styles.checkbox}>
        <input
          id="sign-up-terms"
          type="checkbox"
          checked={values.termsAccepted}
          onChange={(e) => form.set('termsAccepted', e.target.checked)}
          aria-invalid={errors.termsAccepted ? true : undefined}
          aria-describedby={errors.termsAccepted ? termsErrorId : undefined}
          required
        />
        <label htmlFor="sign-up-terms">
          I agree to the{' '}
          <a href={runtimeConfig().termsUrl} target="_blank" rel="noopener noreferrer">
            Terms and Conditions<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </label>
      </div>
      {errors.termsAccepted ? (
        <p id={termsErrorId} className={styles.fieldError}>
          {errors.termsAccepted}
        </p>
      ) : null}
    </AuthForm>
  );
}
