import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from '../../web/src/app/app';
import { canHydrate, loadsAppAtOnce, PRERENDER_CONFIG, PRERENDERED_ATTRIBUTE } from '../../web/src/app/hydration';
import { PRERENDERED_PATHS } from '../../web/src/app/route-table';
import { setRuntimeConfig } from '../../web/src/lib/runtime-config';
import { createAppRouter } from '../../web/src/app/router';
import { renderPage } from '../../web/src/prerender/render-page';
import { prerenderedDocument } from './support/prerendered-document';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: undefined })),
  signOut: vi.fn(),
}));
vi.mock('aws-amplify/utils', () => ({ Hub: { listen: vi.fn(() => () => {}) } }));
vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

let root: Root | undefined;
beforeEach(() => {
  // jsdom has no scrolling; the router's scroll restoration calls it.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('prerendered public pages (web/src/prerender/render-page.tsx)', () => {
  it('renders the sign-in form with its labels, the page title and the route module to preload', async () => {
    const page = await renderPage('/auth/login');
    expect(page.title).toBe('Authentication | Lenslab Portal');
    expect(page.modules).toEqual(['src/app/routes/auth/login.tsx']);
    const dom = new DOMParser().parseFromString(page.markup, 'text/html');
    expect(dom.querySelector('h1')?.textContent).toBe('Sign in');
    const labels = [...dom.querySelectorAll('label')].map((label) => label.textContent);
    expect(labels).toEqual(expect.arrayContaining(['Email', 'Password']));
    expect(dom.querySelector('button[type="submit"]')?.textContent).toBe('Sign in');
    expect(dom.querySelector(`a[href="${PRERENDER_CONFIG.termsUrl}"]`)).not.toBeNull();
  });

  /** Hydrates the page's HTML as main.tsx does; what React complained about. */
  async function hydrate(container: HTMLElement, path: string) {
    const recoverable: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = await createAppRouter(path);
    await act(async () => {
      root = hydrateRoot(container, <App router={router} />, {
        onRecoverableError: (error) => recoverable.push(error),
      });
    });
    const mismatches = consoleError.mock.calls.filter((call) => /hydrat|did not match/i.test(String(call[0])));
    return [...recoverable, ...mismatches];
  }

  it.each(PRERENDERED_PATHS)('%s hydrates: React takes over the same DOM, without a mismatch', async (path) => {
    const { container } = await prerenderedDocument(path);
    const heading = container.querySelector('h1');
    expect(heading).not.toBeNull();
    expect(canHydrate(container, window.location, PRERENDER_CONFIG)).toBe(true);
    expect(await hydrate(container, path)).toEqual([]);
    // The very node the HTML brought is the one React now owns: it was hydrated, not replaced.
    expect(container.querySelector('h1')).toBe(heading);
  });

  it('a page whose first render differs from its HTML is reported (why main.tsx checks the terms URL)', async () => {
    const { container } = await prerenderedDocument('/auth/login');
    setRuntimeConfig({ ...PRERENDER_CONFIG, termsUrl: '/legal/other-terms.pdf' });
    expect(await hydrate(container, '/auth/login')).not.toEqual([]);
  });
});

/** A `#root` holding the sign-in page's HTML, and a location, as the start-up reads them. */
const prerendered = () => {
  const element = document.createElement('div');
  element.setAttribute(PRERENDERED_ATTRIBUTE, '/auth/login');
  return element;
};
const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('which start a page gets (app/start.tsx)', () => {
  const container = prerendered;

  it('hydrates the prerendered page at its bare path with the prerender config', () => {
    expect(canHydrate(container(), at('/auth/login'), PRERENDER_CONFIG)).toBe(true);
  });

  it.each([
    ['a query string (an email to prefill, a notice)', at('/auth/login', '?email=a%40b.test'), PRERENDER_CONFIG],
    ['a hash', at('/auth/login', '', '#x'), PRERENDER_CONFIG],
    ['another path than the one rendered', at('/auth/sign-up'), PRERENDER_CONFIG],
    ['a stage whose terms URL differs', at('/auth/login'), { ...PRERENDER_CONFIG, termsUrl: '/legal/terms.pdf' }],
  ])('renders afresh with %s', (_case, location, config) => {
    expect(canHydrate(container(), location, config)).toBe(false);
  });

  it('renders afresh where nothing was prerendered (index.html)', () => {
    expect(canHydrate(document.createElement('div'), at('/auth/login'), PRERENDER_CONFIG)).toBe(false);
  });
});

describe('when a page loads the app (main.tsx)', () => {
  it('a prerendered page at its bare path, in a browser with no stored session, waits for its first use', () => {
    expect(loadsAppAtOnce(prerendered(), at('/auth/login'), false)).toBe(false);
  });

  it.each([
    ['a page that is not prerendered (the loader)', document.createElement('div'), at('/customer/home'), false],
    ['a query string the HTML does not show', prerendered(), at('/auth/login', '?verified=1'), false],
    ['a hash', prerendered(), at('/auth/login', '', '#x'), false],
    ['a stored session to send on home', prerendered(), at('/auth/login'), true],
  ])('loads it at once with %s', (_case, container, location, storedSession) => {
    expect(loadsAppAtOnce(container, location, storedSession)).toBe(true);
  });
});
