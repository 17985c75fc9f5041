/**
 * In-memory fakes of the lambdas' ports, for use-case tests. Each keeps the same rules as its adapter
 * (conditional writes included), and `failNext` makes one call of a method fail, to test rollbacks.
 */
import type { Group } from '../../core/constants';
import type { CustomerRecord } from '../../core/schemas/customer-info';
import type { UserActivity } from '../../core/schemas/user-activity';
import type { UserProfile } from '../../core/schemas/user-profile';
import { createLogger, type Logger } from '../../lambdas/http/logger';
import type { AccountNotices } from '../../lambdas/ports/account-notices';
import type { ActivityRepository } from '../../lambdas/ports/activity-repository';
import type { CustomersRepository } from '../../lambdas/ports/customers-repository';
import type { RateLimiter } from '../../lambdas/ports/rate-limiter';
import type { SessionRevocations } from '../../lambdas/ports/session-revocations';
import { DirectoryError, type NewAccount, type UserDirectory } from '../../lambdas/ports/user-directory';
import type { UsersRepository } from '../../lambdas/ports/users-repository';

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
  extends Failures<'signUp' | 'addToGroup' | 'deleteUser' | 'signOutEverywhere' | 'emailExists'>
  implements UserDirectory
{
  readonly accounts = new Map<string, NewAccount & { groups: Set<Group> }>();
  readonly signedOut: string[] = [];
  private next = 1;

  async signUp(account: NewAccount) {
    this.check('signUp');
    if ([...this.accounts.values()].some((a) => a.email === account.email)) {
      throw new DirectoryError('email-taken', 'User already exists');
    }
    const userId = `sub-${this.next++}`;
    this.accounts.set(userId, { ...account, groups: new Set() });
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
  async emailExists(email: string) {
    this.check('emailExists');
    return [...this.accounts.values()].some((a) => a.email === email);
  }
}

export class InMemoryUsers extends Failures<'get' | 'create' | 'recordTermsAcceptance'> implements UsersRepository {
  readonly rows = new Map<string, UserProfile>();

  async get(userId: string) {
    this.check('get');
    return this.rows.get(userId) ?? null;
  }
  async create(profile: UserProfile) {
    this.check('create');
    if (this.rows.has(profile.userId)) throw new Error('ConditionalCheckFailedException');
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
}

export class InMemoryCustomers implements CustomersRepository {
  readonly rows = new Map<string, CustomerRecord>();
  async get(accountNumber: string) {
    return this.rows.get(accountNumber) ?? null;
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

export class InMemoryNotices extends Failures<'send'> implements AccountNotices {
  readonly sent: string[] = [];
  async sendExistingAccountNotice(email: string) {
    this.check('send');
    this.sent.push(email);
  }
}

/** A logger that keeps its lines, for asserting what was logged. */
export function memoryLogger(): { log: Logger; lines: string[] } {
  const lines: string[] = [];
  return { log: createLogger({}, (line) => lines.push(line)), lines };
}
