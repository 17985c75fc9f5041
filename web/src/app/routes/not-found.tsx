import ErrorRoute from './error';

/** Any path the portal does not know: the error page titled 'Not Found' (spec 2). */
export default function NotFoundRoute() {
  return <ErrorRoute code="not-found" />;
}
