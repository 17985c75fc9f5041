/** The `name` of a thrown error (Amplify Auth errors carry Cognito's exception name there), or ''. */
export function errorName(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string'
    ? error.name
    : '';
}
