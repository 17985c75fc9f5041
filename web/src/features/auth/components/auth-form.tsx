import type { FormEvent, ReactNode } from 'react';
import { FormError } from '../../../forms/form-error';
import { SubmitButton } from '../../../forms/submit-button';
import styles from './auth-form.module.css';

export interface AuthFormProps {
  /** The <form>'s id (usePortalForm focuses the first marked field inside it). */
  id?: string;
  onSubmit: (event: FormEvent) => void;
  busy: boolean;
  /** The message about the whole form (a failed call, a rule the fields break). */
  error: string | null;
  /** Names the message, so the form is described by it while it shows. */
  errorId?: string;
  submitLabel: ReactNode;
  /** A heading and lead above the message (the two-step verification steps). */
  intro?: ReactNode;
  /** A second, calmer message under the error (a code was sent again). */
  notice?: ReactNode;
  /** Links or buttons under the submit button. */
  after?: ReactNode;
  labelledBy?: string;
  /** The submit button as wide as the form (the auth pages) or as its label (the settings page). */
  blockSubmit?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * The skeleton of the sign-in, sign-up, verification, password and two-step verification forms: no browser
 * validation (the portal's messages instead), the form's message above the fields, the fields, and a
 * submit button that shows progress.
 */
export function AuthForm({
  id,
  onSubmit,
  busy,
  error,
  errorId,
  submitLabel,
  intro,
  notice,
  after,
  labelledBy,
  blockSubmit = true,
  className = styles.form,
  children,
}: AuthFormProps) {
  const submit = (
    <SubmitButton busy={busy} block={blockSubmit}>
      {submitLabel}
    </SubmitButton>
  );
  return (
    // POST, though the app always sends the form itself: if the browser ever did (a prerendered page before the
    // app owns it), the password would travel in the body, never in the address.
    <form
      id={id}
      className={className}
      method="post"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={labelledBy}
      aria-describedby={error && errorId ? errorId : undefined}
    >
      {intro}
      <FormError message={error} {...(errorId ? { id: errorId } : {})} />
      {notice}
      {children}
      {blockSubmit ? submit : <div>{submit}</div>}
      {after}
    </form>
  );
}
