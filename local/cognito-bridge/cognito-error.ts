/** An error answered the way Cognito's JSON protocol does, so the SDK and Amplify raise the named exception. */
export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly statusCode = 400,
  ) {
    super(message);
  }
}
