import { lazy, Suspense } from 'react';
import { firstPaint } from '../../../lib/first-paint-hold';
import { logWarning } from '../../../lib/logger';

/**
 * The notice loads once the page has painted (lib/first-paint-hold.ts): few accounts are ever on hold, so the
 * dashboard's first paint does not wait for its code or its request. One that cannot load shows nothing.
 */
const CreditHoldNotice = lazy(() =>
  firstPaint()
    .then(() => import('./credit-hold-notice'))
    .then((module) => ({ default: module.CreditHoldNotice }))
    .catch((error: unknown) => {
      logWarning('The credit hold notice could not be loaded', error);
      return { default: () => null };
    }),
);

export function CreditHoldNoticeSlot({ accountNumber }: { accountNumber: string }) {
  return (
    <Suspense fallback={null}>
      <CreditHoldNotice accountNumber={accountNumber} />
    </Suspense>
  );
}
