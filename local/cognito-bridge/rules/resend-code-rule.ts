import { emailOf, findUser, type EmulatorUser } from '../emulator-users';

/**
 * cognito-local has no ResendConfirmationCode. The code it keeps for an unconfirmed user is still the one
 * ConfirmSignUp checks, so resending means emailing that code again.
 */
export function pendingConfirmation(users: EmulatorUser[], username: string): { email: string; code: string } | null {
  const user = findUser(users, username);
  const email = user && emailOf(user);
  if (!user || !email || user.UserStatus !== 'UNCONFIRMED' || !user.ConfirmationCode) return null;
  return { email, code: user.ConfirmationCode };
}

/** Cognito's answer; the same whether or not the user exists, as the pool prevents user-existence errors. */
export function resendAnswer(username: string) {
  return {
    CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskEmail(username) },
  };
}

/** `j***@e***`, the way Cognito shows where a code went. */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}
