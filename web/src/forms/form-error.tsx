import { Alert } from '../components/ui/alert';

/**
 * The message about a form as a whole, above its fields where the user looks; an alert, so screen readers
 * announce it when it appears. `id` lets the form name it in aria-describedby.
 */
export function FormError({ message, id }: { message: string | null; id?: string }) {
  if (!message) return null;
  if (!id) return <Alert tone="error">{message}</Alert>;
  return (
    <div id={id}>
      <Alert tone="error">{message}</Alert>
    </div>
  );
}
