/** Which email a code belongs in: the bridge remembers the last code-sending call per address. */
export type CodePurpose = 'sign-up' | 'forgot-password' | 'invitation';

export const PURPOSE_BY_OPERATION: Record<string, CodePurpose> = {
  SignUp: 'sign-up',
  ResendConfirmationCode: 'sign-up',
  ForgotPassword: 'forgot-password',
  AdminCreateUser: 'invitation',
};

/**
 * The email Cognito would send for a code. The subject names what the code is for, so a person (or a browser
 * test) can pick the right one in the dev mailbox.
 */
export function verificationEmail(purpose: CodePurpose, code: string): { subject: string; body: string } {
  switch (purpose) {
    case 'forgot-password':
      return {
        subject: 'Reset your Lenslab Portal password',
        body: `Your password reset code is ${code}. If you did not ask to reset your password, ignore this email.`,
      };
    case 'invitation':
      return {
        subject: 'Your Lenslab Portal account',
        body: `An account was created for you. Your temporary password is ${code}.`,
      };
    default:
      return {
        subject: 'Your Lenslab Portal verification code',
        body: `Your verification code is ${code}. Enter it on the portal to verify your email address.`,
      };
  }
}
