/**
 * Amplify v6 refreshes tokens with `GetTokensFromRefreshToken`, which cognito-local lacks; the same
 * exchange is `InitiateAuth` with REFRESH_TOKEN_AUTH, whose answer has the same AuthenticationResult.
 */
export function refreshRequestAsInitiateAuth(body: Record<string, unknown>): Record<string, unknown> {
  return {
    AuthFlow: 'REFRESH_TOKEN_AUTH',
    ClientId: body['ClientId'],
    AuthParameters: { REFRESH_TOKEN: body['RefreshToken'] },
  };
}

export function initiateAuthAnswerAsRefreshAnswer(answer: Record<string, unknown>): Record<string, unknown> {
  return { AuthenticationResult: answer['AuthenticationResult'] };
}
