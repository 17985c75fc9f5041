import { useId, useState, type FormEvent } from 'react';
import { signUpInputSchema } from '../../../../../core/schemas/sign-up';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { isCallableError } from '../../../lib/callable-error';
import { runtimeConfig } from '../../../lib/runtime-config';
import { useSignUp } from '../api/sign-up';
import { PasswordField } from './password-field';
import { PasswordHints } from './password-hints';
import styles from './auth-form.module.css';

type Field = 'firstName' | 'lastName' | 'email' | 'password' | 'termsAccepted';
type FieldErrors = Partial<Record<Field, string>>;

/**
 * spec 4 "Sign-up": first and last name, email, password (with the live policy hints) and the required
 * terms checkbox. Checked with the same schema the server parses (core/schemas/sign-up.ts), then sent to
 * the signUp route, whose spec 8 messages are shown as they come.
 */
export function SignUpForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const [values, setValues] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const signUp = useSignUp();
  const termsErrorId = useId();
  const hintsId = useId();

  const set = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = signUpInputSchema.safeParse({ ...values, termsAccepted });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field | undefined;
        if (field && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await signUp.mutateAsync(parsed.data);
      onSignedUp(parsed.data.email);
    } catch (error) {
      if (isCallableError(error)) {
        setErrors({
          firstName: error.fieldError('firstName'),
          lastName: error.fieldError('lastName'),
          email: error.fieldError('email'),
          password: error.fieldError('password'),
        });
        setFormError(error.message);
      } else {
        setFormError('Failed to create user account');
      }
    }
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div className={styles.row}>
        <TextField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          value={values.firstName}
          onChange={set('firstName')}
          error={errors.firstName}
          required
        />
        <TextField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          value={values.lastName}
          onChange={set('lastName')}
          error={errors.lastName}
          required
        />
      </div>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={values.email}
        onChange={set('email')}
        error={errors.email}
        required
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        hint={<PasswordHints id={hintsId} password={values.password} />}
        required
      />
      <div className={styles.checkbox}>
        <input
          id="sign-up-terms"
          type="checkbox"
          checked={termsAccepted}
          onChange={(e) => setTermsAccepted(e.target.checked)}
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
      <Button type="submit" block loading={signUp.isPending}>
        Create account
      </Button>
    </form>
  );
}
