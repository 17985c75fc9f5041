import { TextField } from '../../../components/ui/text-field';

/** A 6-digit code Cognito emailed (verifying an email, resetting a password): digits only, as typed or pasted. */
export function EmailedCodeField({
  label,
  value,
  onChange,
  hint,
}: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  hint?: string;
}) {
  return (
    <TextField
      label={label}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      {...(hint ? { hint } : {})}
      required
    />
  );
}
