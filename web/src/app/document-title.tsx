import { useEffect } from 'react';
import { useMatches, type Params } from 'react-router-dom';
import { APP_NAME, documentTitle, type RouteHandle } from './route-table';

/** The deepest matched route's title. */
export function titleOf(matches: ReadonlyArray<{ handle: unknown; params: Params }>): string | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const handle = match?.handle as RouteHandle | undefined;
    if (handle?.title) return typeof handle.title === 'function' ? handle.title(match!.params) : handle.title;
  }
  return null;
}

/** spec 2: every route sets the document title. */
export function DocumentTitle() {
  const title = titleOf(useMatches());
  useEffect(() => {
    document.title = title ? documentTitle(title) : APP_NAME;
  }, [title]);
  return null;
}
