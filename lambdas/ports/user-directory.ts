import type { Group } from '../../core/constants';

/** Why the user directory (Cognito) refused a request, in terms the use cases act on. */
export type DirectoryErrorKind =
  | 'email-taken'
  | 'invalid-password'
  | 'user-not-found'
  /** The directory refused a value (a malformed id, a page token it did not issue). */
  | 'invalid-parameter'
  | 'unsupported'
  | 'other';

export class DirectoryError extends Error {
  constructor(
    readonly kind: DirectoryErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DirectoryError';
  }
}

export interface NewAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** The user pool, seen from the use cases. Users are addressed by their id (the Cognito `sub`). */
export interface UserDirectory {
  /**
   * Creates an account with its password and the email not verified yet, sending nothing: the pool allows
   * admin-created users only, and the portal sends and checks the code (docs/decisions/0086-no-account-enumeration.md
   * "Sign-up codes are the portal's"). A password the pool refuses leaves no account behind.
   */
  signUp(account: NewAccount): Promise<{ userId: string }>;
  /** Marks the user's email verified (the sign-up code was right); the email is sent with it, as the admin directory does. */
  markEmailVerified(userId: string, email: string): Promise<void>;
  addToGroup(userId: string, group: Group): Promise<void>;
  deleteUser(userId: string): Promise<void>;
  /** Revokes the user's refresh tokens everywhere. */
  signOutEverywhere(userId: string): Promise<void>;
}
