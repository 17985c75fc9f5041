import { TextField } from '../../../components/ui/text-field';
import { TOTP_CODE_HINT } from '../model/totp-setup';

/**
 * The authenticator code input both two-step verification steps use. It takes the focus when the step
 * appears (the step replaces the form the user was typing in), and offers the one-time-code autofill.
 */
export function TotpCodeField({
  value,
  onChange,
  error,
  autoFocus = false,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label="Authentication code"
      name="totp-code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={9}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={TOTP_CODE_HINT}
      error={error}
      autoFocus={autoFocus}
      required
    />
  );
}
