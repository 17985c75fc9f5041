import { Button, type ButtonProps } from '../components/ui/button';

/** A form's submit button: it shows progress and cannot be pressed again while the form is sent. */
export function SubmitButton({ busy, ...button }: Omit<ButtonProps, 'type' | 'loading'> & { busy: boolean }) {
  return <Button type="submit" loading={busy} {...button} />;
}
