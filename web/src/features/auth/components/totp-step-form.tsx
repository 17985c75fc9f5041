import type { ReactNode } from 'react';
import { AuthForm } from './auth-form';
import { TotpCodeField, useTotpCodeInput } from './totp-code-field';
import styles from './auth-form.module.css';
import totpStyles from './totp-steps.module.css';

/** What the sign-in gives each TOTP step: its state, the code's send and the way back. */
export interface TotpStepProps {
  busy: boolean;
  error: string | null;
  onSubmit: (code: string) => void | Promise<void>;
  onCancel: () => void;
}

/**
 * The frame both TOTP steps share: a heading that names the form and a lead under it, what the step shows
 * before the code field, the code field, and one way out under the form.
 */
export function TotpStepForm({
  busy,
  error,
  onSubmit,
  onCancel,
  headingId,
  labels,
  lead,
  autoFocus = false,
  children,
}: TotpStepProps & {
  headingId: string;
  labels: { heading: string; submit: string; cancel: string };
  lead: ReactNode;
  autoFocus?: boolean;
  children?: ReactNode;
}) {
  const { code, setCode, fieldError, submit } = useTotpCodeInput(onSubmit);
  return (
    <AuthForm
      onSubmit={submit}
      busy={busy}
      error={error}
      submitLabel={labels.submit}
      labelledBy={headingId}
      intro={
        <>
          <h2 id={headingId} className={totpStyles.heading}>
            {labels.heading}
          </h2>
          {lead}
        </>
      }
      after={
        <div className={styles.secondaryAction}>
          <button type="button" className={styles.linkButton} onClick={onCancel} disabled={busy}>
            {labels.cancel}
          </button>
        </div>
      }
    >
      {children}
      <TotpCodeField value={code} onChange={setCode} error={fieldError} autoFocus={autoFocus} />
    </AuthForm>
  );
}
