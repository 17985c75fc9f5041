import { describe, expect, it } from 'vitest';
import { findUser, type EmulatorUser } from '../../../local/cognito-bridge/emulator-users';
import { corsHeaders } from '../../../local/cognito-bridge/rules/cors-rule';
import { maskEmail, pendingConfirmation, resendAnswer } from '../../../local/cognito-bridge/rules/resend-code-rule';
import { verificationEmail } from '../../../local/cognito-bridge/rules/verification-email';

const users: EmulatorUser[] = [
  {
    Username: 'sub-1',
    Attributes: [{ Name: 'email', Value: 'New@Practice.test' }],
    UserStatus: 'UNCONFIRMED',
    ConfirmationCode: '482913',
  },
  { Username: 'sub-2', Attributes: [{ Name: 'email', Value: 'done@practice.test' }], UserStatus: 'CONFIRMED' },
];

describe('Cognito bridge: resending a confirmation code (cognito-local has no ResendConfirmationCode)', () => {
  it('finds the pending code of an unconfirmed user by email, whatever its case', () => {
    expect(pendingConfirmation(users, 'new@practice.test')).toEqual({ email: 'New@Practice.test', code: '482913' });
  });

  it('has nothing to resend to a confirmed or unknown user', () => {
    expect(pendingConfirmation(users, 'done@practice.test')).toBeNull();
    expect(pendingConfirmation(users, 'nobody@practice.test')).toBeNull();
  });

  it('answers the same for every user, with the destination masked as Cognito shows it', () => {
    expect(resendAnswer('nobody@practice.test')).toEqual({
      CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'n***@p***' },
    });
    expect(maskEmail('new@practice.test')).toBe('n***@p***');
  });

  it('finds a user by user name or by email', () => {
    expect(findUser(users, 'sub-2')?.Username).toBe('sub-2');
    expect(findUser(users, 'DONE@practice.test')?.Username).toBe('sub-2');
  });
});

describe('Cognito bridge: the emails a code travels in', () => {
  it.each([
    ['sign-up', 'Your Lenslab Portal verification code'],
    ['forgot-password', 'Reset your Lenslab Portal password'],
    ['invitation', 'Your Lenslab Portal account'],
  ] as const)('a %s code gets the subject "%s" and the code in the body', (purpose, subject) => {
    const mail = verificationEmail(purpose, '123456');
    expect(mail.subject).toBe(subject);
    expect(mail.body).toContain('123456');
  });
});

describe('Cognito bridge: CORS for the portal origin only', () => {
  it('allows the portal origin with the headers the SDK and Amplify send', () => {
    const headers = corsHeaders('http://127.0.0.1:4800', ['http://127.0.0.1:4800']);
    expect(headers['access-control-allow-origin']).toBe('http://127.0.0.1:4800');
    for (const header of ['content-type', 'x-amz-target', 'x-amz-user-agent', 'authorization']) {
      expect(headers['access-control-allow-headers']).toContain(header);
    }
  });

  it('names no origin for any other site, or for a request without an origin', () => {
    expect(corsHeaders('http://evil.test', ['http://127.0.0.1:4800'])['access-control-allow-origin']).toBeUndefined();
    expect(corsHeaders(undefined, ['http://127.0.0.1:4800'])['access-control-allow-origin']).toBeUndefined();
  });
});
