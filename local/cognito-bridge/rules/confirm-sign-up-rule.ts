/**
 * Confirming a sign-up with the emailed code proves the address, so Cognito marks `email_verified` true;
 * cognito-local leaves it false. After a successful ConfirmSignUp the bridge sets it, as Cognito would.
 */
export function emailVerifiedUpdateAfterConfirm(
  operation: string,
  body: Record<string, unknown>,
  userPoolId: string,
  emailOfUser: (username: string) => string | undefined,
): Record<string, unknown> | null {
  if (operation !== 'ConfirmSignUp' || typeof body['Username'] !== 'string') return null;
  const email = emailOfUser(body['Username']);
  if (!email) return null;
  // cognito-local insists on the email itself beside email_verified.
  return {
    UserPoolId: userPoolId,
    Username: body['Username'],
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
    ],
  };
}
