import type { Group } from '../../core/constants';

/** A user as the user pool knows them. */
export interface DirectoryUser {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  enabled: boolean;
  emailVerified: boolean;
  /** Cognito's account status (CONFIRMED, UNCONFIRMED, FORCE_CHANGE_PASSWORD, ...). */
  status: string;
  createdAt: string | null;
}

/**
 * One answer of a paged directory listing. `nextToken` is the directory's own token. A directory may
 * answer more users than asked for (cognito-local ignores Limit): callers page through the answer.
 */
export interface DirectoryPage {
  users: DirectoryUser[];
  nextToken: string | null;
}

/** The attributes a user search may match by prefix (Cognito ListUsers filters one attribute per call). */
export const SEARCH_FIELDS = ['email', 'given_name', 'family_name'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export interface NewDirectoryUser {
  email: string;
  password: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

/**
 * The user pool's admin side (spec 6 user operations), seen from the use cases. Users are addressed by
 * their id (the Cognito `sub`). Failures are DirectoryError (ports/user-directory.ts).
 */
export interface AdminDirectory {
  /** Creates a confirmed account with this (permanent) password; sends no email of its own. */
  createUser(user: NewDirectoryUser): Promise<{ userId: string }>;
  setPassword(userId: string, password: string): Promise<void>;
  /** Null when there is no such user. */
  getUser(userId: string): Promise<DirectoryUser | null>;
  groupsOf(userId: string): Promise<Group[]>;
  addToGroup(userId: string, group: Group): Promise<void>;
  removeFromGroup(userId: string, group: Group): Promise<void>;
  deleteUser(userId: string): Promise<void>;
  setEnabled(userId: string, enabled: boolean): Promise<void>;
  /** Marks the email verified; Cognito wants the (unchanged) email in the same update. */
  markEmailVerified(userId: string, email: string): Promise<void>;
  /** Revokes the user's refresh tokens everywhere (unsupported by cognito-local). */
  signOutEverywhere(userId: string): Promise<void>;
  listGroupMembers(group: Group, page: { limit: number; token?: string | undefined }): Promise<DirectoryPage>;
  /** Users whose `field` starts with `prefix`. */
  searchUsers(
    field: SearchField,
    prefix: string,
    page: { limit: number; token?: string | undefined },
  ): Promise<DirectoryPage>;
}
