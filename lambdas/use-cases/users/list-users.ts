import { lazySchema } from '../../../core/schemas/lazy-schema';
import * as z from '../../../core/zod';
import type { Group } from '../../../core/constants';
import type { UserListOutput } from '../../../core/schemas/users/user-admin';
import { mapWithLimit } from '../../concurrency/map-with-limit';
import { decodeCursor, encodeCursor } from '../../paging/page-cursor';
import { pageThrough, tokenCursorSchema } from '../../paging/page-through';
import { SEARCH_FIELDS, type AdminDirectory, type DirectoryUser, type SearchField } from '../../ports/admin-directory';
import { adminUsersOf, type AdminUserViewDeps } from './admin-user-view';
import { rethrowAsAppError } from './directory-failure';

/** The lists of spec 6: admin users (group admin, super admins included) and customer users. */
export type ListedGroup = Extract<Group, 'admin' | 'customer'>;

export interface ListUsersDeps extends AdminUserViewDeps {
  directory: Pick<AdminDirectory, 'listGroupMembers' | 'searchUsers' | 'groupsOf'>;
}

/** A search cursor: which attribute is being searched (index into SEARCH_FIELDS) and where in it. */
const searchCursorSchema = lazySchema(() =>
  z.extend(tokenCursorSchema, {
    s: z.number().check(z.int(), z.gte(0), z.lte(SEARCH_FIELDS.length - 1)),
  }),
);

const startsWith = (value: string, prefix: string) => value.toLowerCase().startsWith(prefix.toLowerCase());
const fieldValue = (user: DirectoryUser, field: SearchField) =>
  field === 'email' ? user.email : field === 'given_name' ? user.firstName : user.lastName;

/**
 * spec 6/7 getAdminUsers and getCustomerUsers (super admins), paged. Without a search: the group's
 * members (ListUsersInGroup). With one: users whose email, first name or last name starts with it
 * (Cognito searches one attribute per call, so the three are searched in turn; a user found by an earlier
 * attribute is skipped by the later ones), kept when they are in the group. A searched page may hold
 * fewer rows than `limit`; `nextCursor` says whether there is more.
 */
export async function listUsers(
  group: ListedGroup,
  input: { limit: number; cursor?: string | undefined; search?: string | undefined },
  deps: ListUsersDeps,
): Promise<UserListOutput> {
  const search = input.search?.trim();
  if (!search) {
    const position = input.cursor ? decodeCursor(input.cursor, tokenCursorSchema) : { o: 0 };
    const page = await pageThrough(
      async (token) => {
        const answer = await deps.directory
          .listGroupMembers(group, { limit: input.limit, token })
          .catch(rethrowAsAppError);
        return { items: answer.users, nextToken: answer.nextToken };
      },
      position,
      input.limit,
    );
    return { items: await adminUsersOf(page.items, deps), nextCursor: page.next ? encodeCursor(page.next) : null };
  }

  const position = input.cursor ? decodeCursor(input.cursor, searchCursorSchema) : { s: 0, o: 0 };
  const field = SEARCH_FIELDS[position.s]!;
  const prefix = field === 'email' ? search.toLowerCase() : search;
  const page = await pageThrough(
    async (token) => {
      const answer = await deps.directory
        .searchUsers(field, prefix, { limit: input.limit, token })
        .catch(rethrowAsAppError);
      return { items: answer.users, nextToken: answer.nextToken };
    },
    { ...(position.t ? { t: position.t } : {}), o: position.o },
    input.limit,
  );
  const earlierFields = SEARCH_FIELDS.slice(0, position.s);
  const fresh = page.items.filter((u) => !earlierFields.some((f) => startsWith(fieldValue(u, f), search)));
  const groups = await mapWithLimit(fresh, 8, (u) => deps.directory.groupsOf(u.userId));
  const known = new Map(fresh.map((u, i) => [u.userId, groups[i]!]));
  const inGroup = fresh.filter((u) => known.get(u.userId)!.includes(group));
  const next = page.next
    ? { s: position.s, ...page.next }
    : position.s + 1 < SEARCH_FIELDS.length
      ? { s: position.s + 1, o: 0 }
      : null;
  return { items: await adminUsersOf(inGroup, deps, known), nextCursor: next ? encodeCursor(next) : null };
}
