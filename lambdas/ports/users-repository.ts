import type { UserProfile } from '../../core/schemas/user-profile';

export interface UsersRepository {
  get(userId: string): Promise<UserProfile | null>;
}
