import { useRouteError } from 'react-router-dom';
import { FullPageError } from '../components/full-page-error';
import { Button } from '../components/ui/button';
import { logError } from '../lib/logger';

/**
 * Last line of defence: a page that fails to render or to load (a chunk missing after a new deployment)
 * shows a full-page message with a reload instead of a blank screen.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  logError('A page failed', error);
  return (
    <FullPageError title="Something went wrong">
      <p>The page could not be shown. Reloading usually helps; if not, please contact the lab.</p>
      <Button onClick={() => window.location.reload()}>Reload the page</Button>
    </FullPageError>
  );
}
