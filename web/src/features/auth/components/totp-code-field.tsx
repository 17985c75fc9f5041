import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { cleanTotpCode, TOTP_CODE_HINT, TOTP_CODE_INVALID } from '../model/totp-setup';

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

/**
 * The code both steps take: what is typed, the message beside the field, and a submit that sends only a
 * well-formed code.
 */
export function useTotpCodeInput(onSubmit: (code: string) => void | Promise<void>) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  function submit(event: FormEvent) {
    event.preventDefault();
    const clean = cleanTotpCode(code);
    setFieldError(clean ? undefined : TOTP_CODE_INVALID);
    if (clean) void onSubmit(clean);
  }
  return { code, setCode, fieldError, submit };
}
