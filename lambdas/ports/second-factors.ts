/** The second sign-in factors a user has set up in the user pool (docs/decisions.md "Two-step verification for lab staff"). */
export interface SecondFactors {
  /** True when the user has an authenticator app (TOTP) enabled; false for an unknown user. */
  hasTotp(userId: string): Promise<boolean>;
}
