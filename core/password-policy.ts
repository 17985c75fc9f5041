/**
 * The portal's password policy: the CDK user pool is created with it, the sign-up and settings forms check
 * it as the user types, and the local Cognito bridge enforces it (cognito-local does not).
 */
export const PASSWORD_POLICY = {
  minLength: 8,
  requireLowercase: true,
  requireUppercase: true,
  requireDigits: true,
  requireSymbols: true,
} as const;

/** The unmet rules, in words a user understands; an empty list means the password is acceptable. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_POLICY.minLength) problems.push(`at least ${PASSWORD_POLICY.minLength} characters`);
  if (PASSWORD_POLICY.requireLowercase && !/[a-z]/.test(password)) problems.push('a lowercase letter');
  if (PASSWORD_POLICY.requireUppercase && !/[A-Z]/.test(password)) problems.push('an uppercase letter');
  if (PASSWORD_POLICY.requireDigits && !/[0-9]/.test(password)) problems.push('a number');
  if (PASSWORD_POLICY.requireSymbols && !/[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+-]/.test(password))
    problems.push('a symbol');
  return problems;
}

/** One sentence for a form or an API error. */
export function passwordPolicyMessage(password: string): string | null {
  const problems = passwordProblems(password);
  return problems.length ? `Password must contain ${problems.join(', ')}.` : null;
}
