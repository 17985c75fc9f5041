import { describe, expect, it } from 'vitest';
import { CognitoError } from '../../../local/cognito-bridge/cognito-error';
import { createCodeDeliveryParser, type CodeDelivery } from '../../../local/cognito-bridge/rules/code-delivery';
import { refuseDisabledUser } from '../../../local/cognito-bridge/rules/disabled-user-rule';
import { enforcePasswordPolicy, newPasswordIn } from '../../../local/cognito-bridge/rules/password-policy-rule';
import {
  initiateAuthAnswerAsRefreshAnswer,
  refreshRequestAsInitiateAuth,
} from '../../../local/cognito-bridge/rules/refresh-token-rule';
import { wrongPasswordAsCognitoDoes } from '../../../local/cognito-bridge/rules/wrong-password-rule';
import { emailVerifiedUpdateAfterConfirm } from '../../../local/cognito-bridge/rules/confirm-sign-up-rule';
import { refuseSelfSignUp } from '../../../local/cognito-bridge/rules/self-sign-up-rule';
import { forgotPasswordAsCognitoDoes } from '../../../local/cognito-bridge/rules/user-existence-rule';
import type { EmulatorUser } from '../../../local/cognito-bridge/emulator-users';

const users: EmulatorUser[] = [
  {
    Username: 'u-1',
    Attributes: [{ Name: 'email', Value: 'Off@Lab.test' }],
    Enabled: false,
    RefreshTokens: ['refresh-of-disabled'],
  },
  { Username: 'u-2', Attributes: [{ Name: 'email', Value: 'on@lab.test' }], Enabled: true },
];

describe('Cognito bridge: password policy (cognito-local enforces none)', () => {
  it.each(['SignUp', 'ConfirmForgotPassword', 'AdminSetUserPassword'])('refuses a weak password on %s', (op) => {
    expect(() => enforcePasswordPolicy(op, { Password: 'short' })).toThrow(CognitoError);
  });

  it('reads the new password where each operation carries it', () => {
    expect(newPasswordIn('ChangePassword', { PreviousPassword: 'a', ProposedPassword: 'b' })).toBe('b');
    expect(newPasswordIn('AdminCreateUser', { TemporaryPassword: 't' })).toBe('t');
    expect(newPasswordIn('RespondToAuthChallenge', { ChallengeResponses: { NEW_PASSWORD: 'n' } })).toBe('n');
    expect(newPasswordIn('InitiateAuth', { AuthParameters: { PASSWORD: 'x' } })).toBeUndefined();
  });

  it('lets a password that meets the policy through', () => {
    expect(() => enforcePasswordPolicy('SignUp', { Password: 'Lenslab!Demo1' })).not.toThrow();
  });

  it('answers InvalidPasswordException, the error Cognito gives', () => {
    try {
      enforcePasswordPolicy('SignUp', { Password: 'alllowercase1!' });
      expect.unreachable();
    } catch (error) {
      expect((error as CognitoError).type).toBe('InvalidPasswordException');
      expect((error as CognitoError).message).toContain('an uppercase letter');
    }
  });
});

describe('Cognito bridge: disabled users cannot sign in or refresh', () => {
  it('refuses a password sign-in of a disabled user, whatever the email case', () => {
    expect(() =>
      refuseDisabledUser('InitiateAuth', { AuthParameters: { USERNAME: 'off@lab.test', PASSWORD: 'x' } }, () => users),
    ).toThrow('User is disabled.');
  });

  it('refuses a refresh with a disabled user’s refresh token', () => {
    expect(() =>
      refuseDisabledUser('GetTokensFromRefreshToken', { RefreshToken: 'refresh-of-disabled' }, () => users),
    ).toThrow(CognitoError);
  });

  it('lets an enabled user and other operations through', () => {
    expect(() =>
      refuseDisabledUser('InitiateAuth', { AuthParameters: { USERNAME: 'on@lab.test' } }, () => users),
    ).not.toThrow();
    expect(() => refuseDisabledUser('SignUp', { Username: 'off@lab.test' }, () => users)).not.toThrow();
  });
});

describe('Cognito bridge: Amplify v6 token refresh', () => {
  it('turns GetTokensFromRefreshToken into InitiateAuth REFRESH_TOKEN_AUTH', () => {
    expect(refreshRequestAsInitiateAuth({ ClientId: 'c', RefreshToken: 'r' })).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: 'c',
      AuthParameters: { REFRESH_TOKEN: 'r' },
    });
  });

  it('answers with the AuthenticationResult only', () => {
    const result = { IdToken: 'i', AccessToken: 'a', ExpiresIn: 3600, TokenType: 'Bearer' };
    expect(initiateAuthAnswerAsRefreshAnswer({ AuthenticationResult: result, ChallengeParameters: {} })).toEqual({
      AuthenticationResult: result,
    });
  });
});

describe('Cognito bridge: codes printed by cognito-local become emails', () => {
  const box = `\u001b[33m╭──────╮\u001b[39m
│   Confirmation Code Delivery                   │
│   Username:    5b1c-uuid                       │
│   Destination: new@practice.test               │
│   Code:        123456                          │
╰──────╯`;

  it('reads username, destination and code from a delivery box', () => {
    const seen: CodeDelivery[] = [];
    createCodeDeliveryParser((d) => seen.push(d))(box);
    expect(seen).toEqual([{ username: '5b1c-uuid', destination: 'new@practice.test', code: '123456' }]);
  });

  it('reads a box that arrives in several chunks, once', () => {
    const seen: CodeDelivery[] = [];
    const feed = createCodeDeliveryParser((d) => seen.push(d));
    feed(box.slice(0, 60));
    feed(box.slice(60, 130));
    feed(box.slice(130) + '\nunrelated log line\n');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.code).toBe('123456');
  });

  it('waits for the whole code when a chunk ends inside it', () => {
    const seen: CodeDelivery[] = [];
    const feed = createCodeDeliveryParser((d) => seen.push(d));
    const cut = box.indexOf('123456') + 3;
    feed(box.slice(0, cut));
    expect(seen).toEqual([]);
    feed(box.slice(cut));
    expect(seen.map((d) => d.code)).toEqual(['123456']);
  });

  it('reads a box whose colour code is split across two chunks', () => {
    const seen: CodeDelivery[] = [];
    const feed = createCodeDeliveryParser((d) => seen.push(d));
    const coloured = box.replace('Code:        123456', 'Code:        \u001b[32m123456\u001b[39m');
    const cut = coloured.indexOf('\u001b[32m') + 3;
    feed(coloured.slice(0, cut));
    feed(coloured.slice(cut));
    expect(seen).toEqual([{ username: '5b1c-uuid', destination: 'new@practice.test', code: '123456' }]);
  });
});

describe('Cognito bridge: wrong current password answered as Cognito does', () => {
  it.each(['InitiateAuth', 'AdminInitiateAuth', 'ChangePassword'])(
    'turns InvalidPasswordException on %s into NotAuthorizedException',
    (op) => {
      expect(wrongPasswordAsCognitoDoes(op, 'InvalidPasswordException:')?.type).toBe('NotAuthorizedException');
    },
  );

  it('leaves the policy error of a new password alone', () => {
    expect(wrongPasswordAsCognitoDoes('SignUp', 'InvalidPasswordException')).toBeNull();
    expect(wrongPasswordAsCognitoDoes('InitiateAuth', 'UserNotConfirmedException')).toBeNull();
  });
});

describe('Cognito bridge: a confirmed sign-up has a verified email', () => {
  it('asks to set email_verified after ConfirmSignUp only', () => {
    const emailOf = () => 'a@b.c';
    expect(emailVerifiedUpdateAfterConfirm('ConfirmSignUp', { Username: 'a@b.c' }, 'pool', emailOf)).toEqual({
      UserPoolId: 'pool',
      Username: 'a@b.c',
      UserAttributes: [
        { Name: 'email', Value: 'a@b.c' },
        { Name: 'email_verified', Value: 'true' },
      ],
    });
    expect(emailVerifiedUpdateAfterConfirm('SignUp', { Username: 'a@b.c' }, 'pool', emailOf)).toBeNull();
  });
});

describe('no account enumeration: the pool refuses self sign-up, as AllowAdminCreateUserOnly makes Cognito do', () => {
  it('SignUp is refused with the same NotAuthorizedException whatever the email', () => {
    let refusal: unknown;
    try {
      refuseSelfSignUp('SignUp');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(CognitoError);
    expect(refusal).toMatchObject({
      type: 'NotAuthorizedException',
      message: 'SignUp is not permitted for this user pool',
    });
  });

  it.each(['InitiateAuth', 'AdminCreateUser', 'ForgotPassword'])('%s is not affected', (operation) => {
    expect(() => refuseSelfSignUp(operation)).not.toThrow();
  });
});

describe('no account enumeration: ForgotPassword says nothing about who has an account, as PreventUserExistenceErrors', () => {
  it('an unknown email gets the answer an account gets (a masked destination), not UserNotFoundException', () => {
    expect(forgotPasswordAsCognitoDoes('ForgotPassword', 'UserNotFoundException:', 'nobody@practice.test')).toEqual({
      CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'n***@p***' },
    });
  });

  it('other answers and operations pass unchanged', () => {
    expect(forgotPasswordAsCognitoDoes('ForgotPassword', null, 'a@b.test')).toBeNull();
    expect(forgotPasswordAsCognitoDoes('InitiateAuth', 'UserNotFoundException:', 'a@b.test')).toBeNull();
  });
});
