import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TermsRoute from '../../web/src/app/routes/terms';
import { callRoute } from '../../web/src/lib/api-client';
import { CallableError } from '../../web/src/lib/callable-error';
import { answer, callsTo, renderAt } from './support/fake-api';
import { fakeSession, prepareBrowser, SessionFixture } from './support/fake-session';

vi.mock('../../web/src/lib/api-client', () => ({ callRoute: vi.fn() }));

/** spec 2 "Terms page": accepting records it and goes home; a failure is only logged. */
const customerWithoutTerms = () => fakeSession({ termsAccepted: false, home: '/terms' });

function renderTerms(session = customerWithoutTerms()) {
  const user = renderAt(
    '/terms',
    '*',
    <SessionFixture value={session}>
      <TermsRoute />
    </SessionFixture>,
  );
  return { session, user };
}

const tickAndAccept = async (user: ReturnType<typeof renderTerms>['user']) => {
  await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }));
  await user.click(screen.getByRole('button', { name: 'Accept Terms' }));
};

beforeEach(() => {
  prepareBrowser();
  vi.mocked(callRoute).mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('terms route (spec 2 "Terms page", spec 4 "Terms")', () => {
  it('a failed acceptance is only logged: no message, nothing recorded, the user stays and may try again', async () => {
    answer({
      acceptTerms: () => {
        throw new CallableError({ route: 'acceptTerms', httpStatus: 503, status: 'unavailable', message: 'busy' });
      },
    });
    const { session, user } = renderTerms();
    await tickAndAccept(user);

    expect(console.error).toHaveBeenCalledWith('[lenslab] Accepting the terms failed', expect.anything());
    expect(session.markTermsAccepted).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findByRole('button', { name: 'Accept Terms' })).toBeEnabled();
  });

  it('accepting records it on the server (acceptTerms) and on the session', async () => {
    answer({ acceptTerms: () => ({ termsAccepted: true, termsAcceptedDate: '2026-01-01T00:00:00.000Z' }) });
    const { session, user } = renderTerms();
    await tickAndAccept(user);
    expect(callsTo('acceptTerms')).toHaveLength(1);
    expect(session.markTermsAccepted).toHaveBeenCalledTimes(1);
    expect(console.error).not.toHaveBeenCalled();
  });
});
