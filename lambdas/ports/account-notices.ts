/** Emails about the account itself that are not the directory's own (verification codes are). */
export interface AccountNotices {
  /** Tells the owner of an existing account that someone tried to sign up again with their email. */
  sendExistingAccountNotice(email: string): Promise<void>;
}
