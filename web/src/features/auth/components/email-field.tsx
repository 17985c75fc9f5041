import { TextField } from '../../../components/ui/text-field';

/**
 * The email of the sign-in screens. `username` where the browser's password manager should offer the account
 * it keeps (signing in, a new password), `email` where any address will do.
 */
export function EmailField({
  value,
  onChange,
  autoComplete = 'email',
  readOnly = false,
}: {
  value: string;
  onChange: (email: string) => void;
  autoComplete?: 'email' | 'username';
  readOnly?: boolean;
}) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete={autoComplete}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      readOnly={readOnly}
      required
    />
  );
}
