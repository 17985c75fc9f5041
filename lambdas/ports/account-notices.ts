/** Emails about the account itself, which the portal sends (the pool sends none for a sign-up). */
export interface AccountNotices {
  /** Tells the owner of an existing account that someone tried to sign up again with their email. */
  sendExistingAccountNotice(email: string): Promise<void>;
  /** The code that verifies a new account's email (docs/decisions/0086-no-account-enumeration.md "Sign-up codes are the portal's"). */
  sendSignUpCode(email: string, code: string): Promise<void>;
}
