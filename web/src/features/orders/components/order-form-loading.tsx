import { Spinner } from '../../../components/ui/spinner';

/** What the order form's place shows until it can show the form (its code, the lens catalogue, the order). */
export function OrderFormLoading() {
  return (
    <p>
      <Spinner size={16} /> Loading the order form…
    </p>
  );
}
