import { act, waitFor } from '@testing-library/react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdEarlyInput, INTENT_EVENTS, onFirstIntent, takeOverHooksOf } from '../../web/src/app/early-input';
import { PRERENDER_CONFIG, PRERENDERED_ATTRIBUTE } from '../../web/src/app/hydration';
import { start as startApp } from '../../web/src/app/start';
import { signIn } from '../../web/src/features/auth/api/sign-in';
import { callRoute } from '../../web/src/lib/api-client';
import type { RuntimeConfig } from '../../core/schemas/runtime-config';
import { prerenderedDocument } from './support/prerendered-document';

/**
 * A prerendered page loads the app on the visitor's first sign of use (web/src/main.tsx), so they may type,
 * send the form or press a link before React owns the HTML: what they typed reaches the app, and what they
 * pressed is done once it can be (web/src/app/early-input.ts). Drives the real start (app/start.tsx) on the
 * real prerendered markup; only Amplify's sign-in call and the config download are faked.
 */
vi.mock('aws-amplify/auth', () => ({ fetchAuthSession: vi.fn(async () => ({ tokens: undefined })), signOut: vi.fn() }));
vi.mock('aws-amplify/utils', () => ({ Hub: { listen: vi.fn(() => () => {}) } }));
vi.mock('../../web/src/lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../web/src/lib/api-client')>()),
  callRoute: vi.fn(async () => ({})),
}));
vi.mock('../../web/src/features/auth/api/sign-in', () => ({
  signIn: vi.fn(async () => ({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } })),
  confirmSignIn: vi.fn(),
}));

function serveConfig(config: RuntimeConfig) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(config), { headers: { 'content-type': 'application/json' } })),
  );
}

/** The roots the tests' starts rendered, unmounted after each test (React must not work on once jsdom is gone). */
const roots: Root[] = [];
async function start(...args: Parameters<typeof startApp>) {
  const root = await startApp(...args);
  if (root) roots.push(root);
  return root;
}

// The pages the tests open (the sign-up page a held link opens; email verification, where a sign-in or sign-up of an
// unconfirmed account goes), imported once up front: a first import in a test worker compiles a page and its
// forms, which on a loaded machine outlasted a test's time (the browser loads its built file).
beforeAll(
  () =>
    Promise.all([
      import('../../web/src/app/routes/auth/sign-up'),
      import('../../web/src/app/routes/auth/verify-email'),
    ]),
  30_000,
);

/**
 * The app's move to email verification after a sign-in or sign-up of an unconfirmed account. A test that sends one
 * waits for it: the router outlives the unmounted app, so a move still loading its page when the test ends would
 * land in the next test's address bar.
 */
const openedVerifyEmail = () =>
  waitFor(() => expect(window.location.pathname).toBe('/auth/verify-email'), { timeout: 4000 });

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {}); // jsdom has no scrolling; the router calls it
  serveConfig(PRERENDER_CONFIG);
});
afterEach(() => {
  act(() => roots.splice(0).forEach((root) => root.unmount()));
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(signIn).mockClear();
  vi.mocked(callRoute).mockClear();
});

/** The browser's view of a prerendered page, as main.tsx finds it, with the hold in place. */
async function prerenderedPage(path: string) {
  const { container } = await prerenderedDocument(path);
  const early = holdEarlyInput(container);
  const hooks = takeOverHooksOf(early);
  const field = (name: string) => container.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  return { container, early, hooks, field };
}

const signInPage = () => prerenderedPage('/auth/login');

/** What typing does before any script listens: the browser changes the field's value. */
function type(input: HTMLInputElement, text: string) {
  input.focus();
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

describe('a prerendered page used before the app has loaded', () => {
  it('a sign-in sent before the app owned the page is sent by the app, with the email and password typed', async () => {
    const { container, early, hooks, field } = await signInPage();
    const heading = container.querySelector('h1');
    type(field('email'), 'Ann@Brightview.test');
    type(field('password'), 'Correct-horse-1');
    const submitted = vi.fn((event: Event) => event.defaultPrevented);
    container.addEventListener('submit', submitted);
    const send = container.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    send.click();
    send.click(); // a double click: held once, sent once

    // The browser did not send it itself (a GET with the password in the address): the hold took it.
    expect(submitted).toHaveReturnedWith(true);
    expect(early.holding).toBe(true);
    // The form says it is busy, not the whole page (a busy region can go quiet in a screen reader).
    expect(container.querySelector('form')?.getAttribute('aria-busy')).toBe('true');
    expect(container.hasAttribute('aria-busy')).toBe(false);
    expect(signIn).not.toHaveBeenCalled();

    await start(container, hooks);
    await waitFor(() =>
      expect(signIn).toHaveBeenCalledWith(
        expect.objectContaining({ username: 'ann@brightview.test', password: 'Correct-horse-1' }),
      ),
    );
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(early.holding).toBe(false);
    // The hold no longer marks the form busy (the app's own button says so while the sign-in is on its way).
    expect(container.querySelector('form')?.hasAttribute('aria-busy')).toBe(false);
    // Hydrated, not replaced: the HTML's own nodes, with the visitor's values in them; no longer marked as HTML
    // waiting for its app.
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.hasAttribute(PRERENDERED_ATTRIBUTE)).toBe(false);
    expect(field('email').value).toBe('Ann@Brightview.test');
    await openedVerifyEmail();
  });

  it('typing that goes on while React takes over the page is kept whole', async () => {
    const { container, early, field } = await signInPage();
    type(field('email'), 'ann@bright');
    type(field('password'), 'Correct-horse-1');
    container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    const hooks = {
      ...takeOverHooksOf(early),
      beforeTakeOver: () => {
        early.save();
        type(field('email'), 'ann@brightview.test'); // the next keys, before React has attached its handlers
      },
    };

    await start(container, hooks);
    await waitFor(() =>
      expect(signIn).toHaveBeenCalledWith(
        expect.objectContaining({ username: 'ann@brightview.test', password: 'Correct-horse-1' }),
      ),
    );
    await openedVerifyEmail();
  });

  it('a page rendered afresh (another stage terms URL) gets the typed values and the focus back', async () => {
    serveConfig({ ...PRERENDER_CONFIG, termsUrl: '/legal/terms.pdf' });
    const { container, hooks, field } = await signInPage();
    const before = field('email');
    type(field('email'), 'ann@brightview.test');
    type(field('password'), 'secret-1');
    expect(document.activeElement).toBe(field('password'));

    await start(container, hooks);
    await waitFor(() => expect(field('email')).not.toBe(before)); // React's own fields, not the HTML's
    await waitFor(() => expect(field('email').value).toBe('ann@brightview.test'));
    expect(field('password').value).toBe('secret-1');
    expect(document.activeElement).toBe(field('password'));
    expect(signIn).not.toHaveBeenCalled();
  });

  it('a portal link pressed before the app owned the page is followed by the app once it does', async () => {
    const { container, hooks } = await signInPage();
    const link = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Create an account')!;
    const clicked = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(clicked);
    expect(clicked.defaultPrevented).toBe(true);
    expect(window.location.pathname).toBe('/auth/login');

    await start(container, hooks);
    await waitFor(() => expect(window.location.pathname).toBe(new URL(link.href).pathname));
  });

  it('an app that cannot start drops the held sign-in: the form is never sent, by the app or by the browser', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 503 })),
    );
    const { container, early, hooks, field } = await signInPage();
    type(field('email'), 'ann@brightview.test');
    type(field('password'), 'Correct-horse-1');
    const sent = vi.fn((event: Event) => event.defaultPrevented);
    container.addEventListener('submit', sent);
    container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();

    await start(container, hooks);
    await waitFor(() => expect(container.textContent).toContain('The portal cannot start'));
    await new Promise((resolve) => setTimeout(resolve, 10)); // a replayed submit would have gone by now
    expect(sent).toHaveBeenCalledTimes(1);
    expect(sent).toHaveReturnedWith(true);
    expect(early.holding).toBe(false);
    expect(signIn).not.toHaveBeenCalled();
    expect(container.querySelector('[aria-busy]')).toBeNull();
  });

  it('a sign-up filled in and sent before the app owned the page reaches the server whole, the terms box ticked', async () => {
    const { container, hooks, field } = await prerenderedPage('/auth/sign-up');
    type(field('firstName'), 'Ann');
    type(field('lastName'), 'Fitter');
    type(field('email'), 'ann@brightview.test');
    type(field('password'), 'Correct-horse-1!');
    const terms = container.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    terms.click(); // the browser ticks it; no script listens yet
    expect(terms.checked).toBe(true);
    container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();

    await start(container, hooks);
    await waitFor(() =>
      expect(callRoute).toHaveBeenCalledWith(
        'signUp',
        expect.objectContaining({
          firstName: 'Ann',
          lastName: 'Fitter',
          email: 'ann@brightview.test',
          password: 'Correct-horse-1!',
          termsAccepted: true,
        }),
      ),
    );
    expect(terms.checked).toBe(true);
    await openedVerifyEmail();
  });

  it('a link within the page (a skip link) is left to the browser', async () => {
    const { container, early } = await signInPage();
    const skip = document.createElement('a');
    skip.href = '#main';
    container.prepend(skip);
    const clicked = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    skip.dispatchEvent(clicked);
    expect(clicked.defaultPrevented).toBe(false);
    expect(early.holding).toBe(false);
  });

  it('a link opened in a new tab (modifier key) is left to the browser', async () => {
    const { container, early } = await signInPage();
    const link = container.querySelector('a[href]')!;
    const clicked = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    link.dispatchEvent(clicked);
    expect(clicked.defaultPrevented).toBe(false);
    expect(early.holding).toBe(false);
  });
});

describe('the first sign of use (main.tsx loads the app on it)', () => {
  it.each(INTENT_EVENTS)('%s starts it, once', (type) => {
    const target = new EventTarget();
    const act = vi.fn();
    onFirstIntent(target, act);
    expect(act).not.toHaveBeenCalled();
    target.dispatchEvent(new Event(type));
    for (const other of INTENT_EVENTS) target.dispatchEvent(new Event(other));
    expect(act).toHaveBeenCalledTimes(1);
  });

  it('scrolling or the page loading is not a sign of use', () => {
    const target = new EventTarget();
    const act = vi.fn();
    onFirstIntent(target, act);
    for (const type of ['scroll', 'load', 'visibilitychange', 'resize']) target.dispatchEvent(new Event(type));
    expect(act).not.toHaveBeenCalled();
  });
});
