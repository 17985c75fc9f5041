import { Alert } from './ui/alert';
import { Button } from './ui/button';

/** A read that failed (a list, an invoice): what could not be loaded, and a button that asks again. */
export function LoadFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Alert tone="error" title={title}>
      <Button size="sm" variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
