/** The second sign-in factors a user has set up in the user pool (docs/decisions/0017-two-step-verification-for-lab-staff.md). */
export interface SecondFactors {
  /** True when the user has an authenticator app (TOTP) enabled; false for an unknown user. */
  hasTotp(userId: string): Promise<boolean>;
}
