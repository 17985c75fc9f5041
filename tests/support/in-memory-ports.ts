/**
 * In-memory fakes of the lambdas' ports, for use-case tests. Each keeps the same rules as its adapter
 * (conditional writes included), and `failNext` makes one call of a method fail, to test rollbacks. A store
 * whose writes carry notices puts them in its `outbox` in the same step as the change, so a refused write
 * stores none.
 */
import type { Group } from '../../core/constants';
import { invalidArgument } from '../../core/errors';
import type { AccountRequest } from '../../core/schemas/account-requests';
import type { BuyingGroup } from '../../core/schemas/customers/buying-group';
import { customerDetailSchema, type CustomerDetail } from '../../core/schemas/customers/customer-admin';
import type { CustomerRecord } from '../../core/schemas/customers/customer-info';
import type { UserActivity } from '../../core/schemas/activity';
import type { UserProfile } from '../../core/schemas/users/user-profile';
import { listCursorSchema } from '../../lambdas/adapters/dynamo-customers-repository';
import type { OutgoingEmail } from '../../lambdas/email/safe-email';
import { createLogger } from '../../lambdas/http/logger';
import type { Logger } from '../../lambdas/ports/logger';
import type { AccountLinkChange, AccountLinks } from '../../lambdas/ports/account-links';
import type {
  AccountRequestDecision,
  AccountRequestsRepository,
} from '../../lambdas/ports/account-requests-repository';
import type { AdminDirectory, DirectoryUser, SearchField } from '../../lambdas/ports/admin-directory';
import type { EmailSender } from '../../lambdas/ports/email-sender';
import { suppressionKey, type EmailSuppression, type EmailSuppressions } from '../../lambdas/ports/email-suppressions';
import { LockBusy, type Locks } from '../../lambdas/ports/locks';
import type { RecordChanges, StoredItem } from '../../lambdas/ports/record-changes';
import type { SecondFactorChange, SecondFactorRecords } from '../../lambdas/ports/second-factor-records';
import type { ReferenceDataRepository } from '../../lambdas/ports/reference-data-repository';
import { writeConflict } from '../../lambdas/ports/write-conflict';
import type { AccountNotices } from '../../lambdas/ports/account-notices';
import type { ActivityRepository } from '../../lambdas/ports/activity-repository';
import type { CustomerListQuery, CustomersRepository } from '../../lambdas/ports/customers-repository';
import type { RateLimiter } from '../../lambdas/ports/rate-limiter';
import type { SessionRevocations } from '../../lambdas/ports/session-revocations';
import type { PendingSignUpCode, SignUpCodes } from '../../lambdas/ports/sign-up-codes';
import { DirectoryError, type NewAccount, type UserDirectory } from '../../lambdas/ports/user-directory';
import type { UsersRepository } from '../../lambdas/ports/users-repository';
import { decodeCursor, encodeCursor, INVALID_CURSOR } from '../../lambdas/paging/page-cursor';
import { companySortKey } from '../../lambdas/search/customer-sort-key';
import type { OutboxMessage } from '../../lambdas/kernel/outbox';
import { InMemoryOutbox } from './in-memory-outbox';
import { offsetPage } from './offset-page';

/** Makes the next call of `method` throw `error`. */
class Failures<M extends string> {
  private readonly pending = new Map<M, Error>();
  failNext(method: M, error: Error = new Error(`${method} failed`)): void {
    this.pending.set(method, error);
  }
  protected check(method: M): void {
    const error = this.pending.get(method);
    if (error) {
      this.pending.delete(method);
      throw error;
    }
  }
}

export class InMemoryDirectory
  extends Failures<'signUp' | 'addToGroup' | 'deleteUser' | 'signOutEverywhere' | 'markEmailVerified'>
  implements UserDirectory
{
  readonly accounts = new Map<string, NewAccount & { groups: Set<Group>; emailVerified: boolean }>();
  readonly signedOut: string[] = [];
  private next = 1;

  async signUp(account: NewAccount) {
    this.check('signUp');
    if ([...this.accounts.values()].some((a) => a.email === account.email)) {
      throw new DirectoryError('email-taken', 'User already exists');
    }
    const userId = `sub-${this.next++}`;
    this.accounts.set(userId, { ...account, groups: new Set(), emailVerified: false });
    return { userId };
  }
  async addToGroup(userId: string, group: Group) {
    this.check('addToGroup');
    const account = this.accounts.get(userId);
    if (!account) throw new DirectoryError('user-not-found', 'User does not exist.');
    account.groups.add(group);
  }
  async deleteUser(userId: string) {
    this.check('deleteUser');
    this.accounts.delete(userId);
  }
  async signOutEverywhere(userId: string) {
    this.check('signOutEverywhere');
    this.signedOut.push(userId);
  }
  async markEmailVerified(userId: string) {
    this.check('markEmailVerified');
    const account = this.accounts.get(userId);
    if (!account) throw new DirectoryError('user-not-found', 'User does not exist.');
    account.emailVerified = true;
  }
}

export class InMemoryUsers
  extends Failures<'get' | 'create' | 'recordTermsAcceptance' | 'update' | 'remove' | 'restore' | 'batchGet'>
  implements UsersRepository
{
  readonly rows = new Map<string, UserProfile>();

  constructor(readonly outbox = new InMemoryOutbox()) {
    super();
  }

  async get(userId: string) {
    this.check('get');
    return this.rows.get(userId) ?? null;
  }
  async create(profile: UserProfile, notices?: readonly OutboxMessage[]) {
    this.check('create');
    if (this.rows.has(profile.userId)) throw writeConflict('exists');
    this.outbox.store(notices);
    this.rows.set(profile.userId, { ...profile });
  }
  async recordTermsAcceptance(userId: string, acceptedAt: string) {
    this.check('recordTermsAcceptance');
    const row = this.rows.get(userId);
    if (!row) return null;
    if (!row.termsAccepted) {
      this.rows.set(userId, { ...row, termsAccepted: true, termsAcceptedDate: acceptedAt, version: row.version + 1 });
    }
    return this.rows.get(userId) ?? null;
  }
  /** Same condition as the adapter: the stored version must be the expected one. */
  async update(userId: string, changes: RecordChanges<UserProfile>, expectedVersion: number) {
    this.check('update');
    const row = this.rows.get(userId);
    if (!row) throw writeConflict('missing');
    if (row.version !== expectedVersion) throw writeConflict('changed');
    const next: Record<string, unknown> = { ...row, ...changes.set, userId, version: row.version + 1 };
    for (const key of changes.remove ?? []) if (key !== 'userId' && key !== 'version') delete next[key];
    this.rows.set(userId, next as UserProfile);
    return next as UserProfile;
  }
  async remove(userId: string) {
    this.check('remove');
    const row = this.rows.get(userId);
    this.rows.delete(userId);
    return row ? ({ ...row } as StoredItem) : null;
  }
  async restore(item: StoredItem) {
    this.check('restore');
    const profile = item as unknown as UserProfile;
    if (!this.rows.has(profile.userId)) this.rows.set(profile.userId, profile);
  }
  async batchGet(userIds: string[]) {
    this.check('batchGet');
    return userIds.flatMap((id) => (this.rows.has(id) ? [this.rows.get(id)!] : []));
  }
}

/** Practices; `userIds` is the practice's linked-user set the adapter keeps beside each record. */
export class InMemoryCustomers extends Failures<'create' | 'update' | 'list'> implements CustomersRepository {
  readonly rows = new Map<string, CustomerRecord>();
  readonly userIds = new Map<string, Set<string>>();
  readonly listCalls: CustomerListQuery[] = [];
  async get(accountNumber: string) {
    const row = this.rows.get(accountNumber);
    return row ? customerDetailSchema.parse(row) : null;
  }
  async create(record: CustomerDetail) {
    this.check('create');
    if (this.rows.has(record.accountNumber)) throw writeConflict('exists');
    this.rows.set(record.accountNumber, { ...record, version: 0 });
  }
  async update(accountNumber: string, changes: RecordChanges<CustomerDetail>, expectedVersion: number) {
    this.check('update');
    const row = this.rows.get(accountNumber);
    if (!row) throw writeConflict('missing');
    if ((row.version ?? 0) !== expectedVersion) throw writeConflict('changed');
    const next: Record<string, unknown> = { ...row, ...changes.set, accountNumber, version: expectedVersion + 1 };
    for (const key of changes.remove ?? []) delete next[key];
    this.rows.set(accountNumber, next as CustomerRecord);
    return customerDetailSchema.parse(next);
  }
  async linkedUserIds(accountNumber: string) {
    return [...(this.userIds.get(accountNumber) ?? [])].sort();
  }
  /**
   * Name order and folded prefix as the byStatus index (companySortKey), and the adapter's cursor: the last key
   * shown, refused when it belongs to another list (tests/support/contracts/customers-repository.ts).
   */
  async list(query: CustomerListQuery) {
    this.check('list');
    this.listCalls.push(query);
    const prefix = query.namePrefix ?? '';
    const start = query.cursor ? decodeCursor(query.cursor, listCursorSchema) : undefined;
    if (start && (start.status !== query.status || !start.companyKey.startsWith(prefix))) {
      throw invalidArgument(INVALID_CURSOR, { cursor: [INVALID_CURSOR] });
    }
    const keyOf = (c: CustomerDetail) => companySortKey(c.company, c.accountNumber);
    const all = [...this.rows.values()]
      .map((r) => customerDetailSchema.parse(r))
      .filter((c) => c.status === query.status && keyOf(c).startsWith(prefix))
      .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
    const rest = start ? all.filter((c) => keyOf(c) > start.companyKey) : all;
    const items = rest.slice(0, query.limit);
    const last = items.at(-1);
    return {
      items,
      nextCursor:
        last && rest.length > query.limit
          ? encodeCursor({ accountNumber: last.accountNumber, status: last.status, companyKey: keyOf(last) })
          : null,
    };
  }
}

/** One transaction over the two fakes, with the adapter's conditions. */
export class InMemoryAccountLinks extends Failures<'apply'> implements AccountLinks {
  readonly applied: AccountLinkChange[] = [];
  /** The notices go where the users fake puts its own (the adapter writes both tables in one transaction). */
  constructor(
    private readonly users: InMemoryUsers,
    private readonly customers: InMemoryCustomers,
  ) {
    super();
  }
  get outbox(): InMemoryOutbox {
    return this.users.outbox;
  }
  async apply(change: AccountLinkChange, notices?: readonly OutboxMessage[]) {
    this.check('apply');
    const row = this.users.rows.get(change.userId);
    if (!row) throw writeConflict('missing');
    if (row.version !== change.expectedVersion) throw writeConflict('changed');
    for (const account of [change.linked, change.unlinked]) {
      if (account && !this.customers.rows.has(account)) throw writeConflict('account-missing');
    }
    this.outbox.store(notices);
    const next: UserProfile = { ...row, accountNumbers: change.accountNumbers, version: row.version + 1 };
    if (change.accountNumber) next.accountNumber = change.accountNumber;
    else delete next.accountNumber;
    this.users.rows.set(change.userId, next);
    if (change.linked) {
      const set = this.customers.userIds.get(change.linked) ?? new Set<string>();
      this.customers.userIds.set(change.linked, set.add(change.userId));
    }
    if (change.unlinked) this.customers.userIds.get(change.unlinked)?.delete(change.userId);
    this.applied.push(change);
    return next;
  }
}

/** Same conditions as dynamo-activity-repository: throttle on lastSync, lastActivity never backwards. */
export class InMemoryActivity implements ActivityRepository {
  readonly rows = new Map<string, UserActivity>();
  async get(userId: string) {
    return this.rows.get(userId) ?? null;
  }
  async save(record: UserActivity, { syncedNoLaterThan }: { syncedNoLaterThan: number | null }) {
    const stored = this.rows.get(record.userId);
    const allowed =
      !stored ||
      (stored.lastActivity <= record.lastActivity &&
        (syncedNoLaterThan === null || stored.lastSync <= syncedNoLaterThan));
    if (allowed) this.rows.set(record.userId, record);
    return allowed;
  }
  async lastActivities(userIds: string[]) {
    const out = new Map<string, number>();
    for (const id of userIds) {
      const row = this.rows.get(id);
      if (row) out.set(id, row.lastActivity);
    }
    return out;
  }
  async delete(userId: string) {
    this.rows.delete(userId);
  }
}

export class InMemoryRevocations implements SessionRevocations {
  readonly rows = new Map<string, { revokedAt: number; expiresAt: number }>();
  lookups = 0;
  async revoke(userId: string, revokedAt: number, expiresAt: number) {
    const stored = this.rows.get(userId);
    if (!stored || stored.revokedAt <= revokedAt) this.rows.set(userId, { revokedAt, expiresAt });
  }
  async revokedAt(userId: string) {
    this.lookups += 1;
    return this.rows.get(userId)?.revokedAt ?? null;
  }
  /** Ended sessions (origin_jti) with the time their record may go. */
  readonly ended = new Map<string, number>();
  async endSession(sessionId: string, expiresAt: number) {
    this.ended.set(sessionId, expiresAt);
  }
  async sessionEnded(sessionId: string) {
    this.lookups += 1;
    return this.ended.has(sessionId);
  }
}

/** Second-factor changes per user, kept as dynamo-second-factor-records keeps them. */
export class InMemorySecondFactorRecords implements SecondFactorRecords {
  readonly rows = new Map<string, SecondFactorChange>();
  async latest(userId: string) {
    return this.rows.get(userId) ?? null;
  }
  async record(userId: string, change: SecondFactorChange) {
    const stored = this.rows.get(userId);
    if (!stored || stored.changedAt <= change.changedAt) this.rows.set(userId, { ...change });
  }
  async recordSetUpSeen(userId: string, at: number) {
    const stored = this.rows.get(userId);
    if (stored?.totp) return stored;
    const change = { changedAt: at, totp: true };
    this.rows.set(userId, change);
    return change;
  }
}

/** Fixed windows on an injected clock, like dynamo-rate-limiter. */
export class InMemoryRateLimiter implements RateLimiter {
  private readonly hits = new Map<string, number>();
  readonly keys: string[] = [];
  constructor(private readonly now: () => number = Date.now) {}
  async consume(key: string, limit: number, windowSeconds: number) {
    this.keys.push(key);
    const seconds = Math.floor(this.now() / 1000);
    const windowKey = `${key}#${seconds - (seconds % windowSeconds)}`;
    const count = this.hits.get(windowKey) ?? 0;
    if (count >= limit) return false;
    this.hits.set(windowKey, count + 1);
    return true;
  }
}

export class InMemoryNotices extends Failures<'send' | 'sendSignUpCode'> implements AccountNotices {
  readonly sent: string[] = [];
  readonly codes: { email: string; code: string }[] = [];
  async sendExistingAccountNotice(email: string) {
    this.check('send');
    this.sent.push(email);
  }
  async sendSignUpCode(email: string, code: string) {
    this.check('sendSignUpCode');
    this.codes.push({ email, code });
  }
}

/** Pending sign-up codes; a try is counted before the caller compares, as the adapter's conditional update. */
export class InMemorySignUpCodes implements SignUpCodes {
  readonly rows = new Map<string, PendingSignUpCode>();
  async put(code: PendingSignUpCode) {
    this.rows.set(code.email, { ...code });
  }
  async peek(email: string) {
    const row = this.rows.get(email);
    return row ? { ...row } : null;
  }
  async useAttempt(email: string) {
    const row = this.rows.get(email);
    if (!row || row.attemptsLeft <= 0) return null;
    this.rows.set(email, { ...row, attemptsLeft: row.attemptsLeft - 1 });
    return { ...row };
  }
  async remove(email: string) {
    this.rows.delete(email);
  }
}

type AdminMethod =
  | 'createUser'
  | 'setPassword'
  | 'getUser'
  | 'groupsOf'
  | 'addToGroup'
  | 'removeFromGroup'
  | 'deleteUser'
  | 'setEnabled'
  | 'markEmailVerified'
  | 'signOutEverywhere'
  | 'listGroupMembers'
  | 'searchUsers';

interface AdminAccount extends DirectoryUser {
  password: string;
  groups: Set<Group>;
}

/** The user pool's admin side. Like cognito-local, listings answer everything at once (no page tokens). */
export class InMemoryAdminDirectory extends Failures<AdminMethod> implements AdminDirectory {
  readonly accounts = new Map<string, AdminAccount>();
  readonly calls: string[] = [];
  private next = 1;

  /** Arranges an account directly (test setup). */
  seed(user: Partial<DirectoryUser> & { email: string }, groups: Group[] = []): string {
    const userId = user.userId ?? `user-${this.next++}`;
    this.accounts.set(userId, {
      userId,
      email: user.email,
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      enabled: user.enabled ?? true,
      emailVerified: user.emailVerified ?? true,
      status: user.status ?? 'CONFIRMED',
      createdAt: user.createdAt ?? '2025-01-01T00:00:00.000Z',
      password: 'Seeded!Pass1',
      groups: new Set(groups),
    });
    return userId;
  }
  groupList(userId: string): Group[] {
    return [...(this.accounts.get(userId)?.groups ?? [])].sort();
  }
  private account(userId: string): AdminAccount {
    const account = this.accounts.get(userId);
    if (!account) throw new DirectoryError('user-not-found', 'User does not exist.');
    return account;
  }
  private step(method: AdminMethod, detail = '') {
    this.calls.push(detail ? `${method} ${detail}` : method);
    this.check(method);
  }
  private view({ password: _p, groups: _g, ...user }: AdminAccount): DirectoryUser {
    return user;
  }

  async createUser(user: {
    email: string;
    password: string;
    firstName?: string | undefined;
    lastName?: string | undefined;
  }) {
    this.step('createUser', user.email);
    if ([...this.accounts.values()].some((a) => a.email === user.email))
      throw new DirectoryError('email-taken', 'User already exists');
    const userId = this.seed({ ...user, emailVerified: false });
    this.account(userId).password = user.password;
    return { userId };
  }
  async setPassword(userId: string, password: string) {
    this.step('setPassword', userId);
    this.account(userId).password = password;
  }
  async getUser(userId: string) {
    this.step('getUser', userId);
    const account = this.accounts.get(userId);
    return account ? this.view(account) : null;
  }
  async groupsOf(userId: string) {
    this.step('groupsOf', userId);
    return [...this.account(userId).groups].sort();
  }
  async addToGroup(userId: string, group: Group) {
    this.step('addToGroup', `${userId} ${group}`);
    this.account(userId).groups.add(group);
  }
  async removeFromGroup(userId: string, group: Group) {
    this.step('removeFromGroup', `${userId} ${group}`);
    this.account(userId).groups.delete(group);
  }
  async deleteUser(userId: string) {
    this.step('deleteUser', userId);
    this.accounts.delete(userId);
  }
  async setEnabled(userId: string, enabled: boolean) {
    this.step('setEnabled', `${userId} ${enabled}`);
    this.account(userId).enabled = enabled;
  }
  async markEmailVerified(userId: string) {
    this.step('markEmailVerified', userId);
    this.account(userId).emailVerified = true;
  }
  async signOutEverywhere(userId: string) {
    this.step('signOutEverywhere', userId);
  }
  async listGroupMembers(group: Group) {
    this.step('listGroupMembers', group);
    return {
      users: [...this.accounts.values()].filter((a) => a.groups.has(group)).map((a) => this.view(a)),
      nextToken: null,
    };
  }
  async searchUsers(field: SearchField, prefix: string) {
    this.step('searchUsers', `${field} ${prefix}`);
    const value = (a: AdminAccount) =>
      field === 'email' ? a.email : field === 'given_name' ? a.firstName : a.lastName;
    return {
      users: [...this.accounts.values()].filter((a) => value(a).startsWith(prefix)).map((a) => this.view(a)),
      nextToken: null,
    };
  }
}

/** Requests keyed by id, with the adapter's conditions (one open request per id; decide only pending). */
export class InMemoryAccountRequests extends Failures<'createOpen' | 'decide'> implements AccountRequestsRepository {
  readonly rows = new Map<string, AccountRequest>();
  constructor(readonly outbox = new InMemoryOutbox()) {
    super();
  }
  async get(requestId: string) {
    return this.rows.get(requestId) ?? null;
  }
  async createOpen(request: AccountRequest, notices?: readonly OutboxMessage[]) {
    this.check('createOpen');
    const stored = this.rows.get(request.requestId);
    if (stored && stored.status !== 'rejected') return { created: false, request: stored };
    this.outbox.store(notices);
    this.rows.set(request.requestId, request);
    return { created: true, request };
  }
  async decide(requestId: string, decision: AccountRequestDecision, notices?: readonly OutboxMessage[]) {
    this.check('decide');
    const stored = this.rows.get(requestId);
    if (!stored) throw writeConflict('missing');
    if (stored.status !== 'pending') throw writeConflict('changed');
    this.outbox.store(notices);
    const next = { ...stored, ...decision, updatedAt: decision.decidedAt };
    this.rows.set(requestId, next);
    return next;
  }
  async listByStatus(status: AccountRequest['status'], page: { limit: number; cursor?: string | undefined }) {
    const all = [...this.rows.values()]
      .filter((r) => r.status === status)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    return offsetPage(`status#${status}`, all, page.limit, page.cursor);
  }
}

export class InMemoryReferenceData implements ReferenceDataRepository {
  constructor(readonly groups: BuyingGroup[] = [{ buyingGroupId: 'vision-source', name: 'Vision Source' }]) {}
  async listBuyingGroups() {
    return [...this.groups].sort((a, b) => a.name.localeCompare(b.name));
  }
  async createBuyingGroup({ buyingGroupId, name }: { buyingGroupId: string; name: string }) {
    if (this.groups.some((g) => g.buyingGroupId === buyingGroupId)) throw writeConflict('exists');
    const group = { buyingGroupId, name, active: true, version: 0 };
    this.groups.push(group);
    return { ...group };
  }
  async updateBuyingGroup(buyingGroupId: string, changes: { name?: string; active?: boolean }, expected: number) {
    const index = this.groups.findIndex((g) => g.buyingGroupId === buyingGroupId);
    const stored = this.groups[index];
    if (!stored) throw writeConflict('missing');
    if ((stored.version ?? 0) !== expected) throw writeConflict('changed');
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    const updated = { ...stored, ...defined, version: expected + 1 };
    this.groups[index] = updated;
    return { ...updated };
  }
}

/** Records what was sent; `failNext('send')` makes one send fail. */
export class InMemoryMailer extends Failures<'send'> implements EmailSender {
  readonly sent: OutgoingEmail[] = [];
  async send(email: OutgoingEmail) {
    this.check('send');
    this.sent.push(email);
  }
}

/** Suppressed addresses by lower-cased address; `failNext('find')` makes one lookup fail. */
export class InMemoryEmailSuppressions extends Failures<'find'> implements EmailSuppressions {
  readonly rows = new Map<string, EmailSuppression>();
  async record(suppression: EmailSuppression) {
    const address = suppressionKey(suppression.address);
    this.rows.set(address, { ...suppression, address });
  }
  async find(addresses: readonly string[]) {
    this.check('find');
    const found = new Map<string, EmailSuppression>();
    for (const address of addresses) {
      const row = this.rows.get(suppressionKey(address));
      if (row) found.set(row.address, row);
    }
    return found;
  }
}

/**
 * Locks in one process on an injected clock, like dynamo-locks: held until released or until `ttlSeconds`
 * (whole seconds) have passed, and released by their own holder only. `hold` arranges a lock someone else
 * holds, until the test ends.
 */
export class InMemoryLocks implements Locks {
  private readonly held = new Map<string, { owner: symbol; expiresAt: number }>();
  readonly taken: string[] = [];
  constructor(private readonly now: () => number = Date.now) {}
  hold(name: string) {
    this.held.set(name, { owner: Symbol(name), expiresAt: Infinity });
  }
  async withLock<T>(name: string, ttlSeconds: number, run: () => Promise<T>): Promise<T> {
    const nowSeconds = Math.floor(this.now() / 1000);
    const current = this.held.get(name);
    if (current && current.expiresAt >= nowSeconds) throw new LockBusy(name);
    const owner = Symbol(name);
    this.held.set(name, { owner, expiresAt: nowSeconds + ttlSeconds });
    this.taken.push(name);
    try {
      return await run();
    } finally {
      if (this.held.get(name)?.owner === owner) this.held.delete(name);
    }
  }
}

/** A logger that keeps its lines, for asserting what was logged. */
export function memoryLogger(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  return { log: createLogger({}, (line) => lines.push(line)), lines };
}
