import { useState } from 'react';
import { TextField, type TextFieldProps } from '../../../components/ui/text-field';
import { PasswordHints } from './password-hints';
import styles from './password-field.module.css';

/** A password input with a Show/Hide button, so users can check what they typed. */
export function PasswordField(props: Omit<TextFieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.wrap}>
      <TextField {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className={styles.toggle}
        aria-pressed={visible}
        aria-label={visible ? `Hide ${props.label.toLowerCase()}` : `Show ${props.label.toLowerCase()}`}
        onClick={() => setVisible((current) => !current)}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
}

/**
 * A password the user chooses, with the policy's hints under it that tick off as they type; `hintsId` lets a
 * form name the hints in aria-describedby.
 */
export function NewPasswordField({
  label = 'New password',
  hintsId,
  ...props
}: Omit<TextFieldProps, 'type' | 'label'> & { label?: string; hintsId?: string }) {
  return (
    <PasswordField
      label={label}
      autoComplete="new-password"
      required
      hint={<PasswordHints id={hintsId} password={String(props.value ?? '')} />}
      {...props}
    />
  );
}
