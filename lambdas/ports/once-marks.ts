/**
 * Marks that something was done once (a reminder sent), so a re-run of a job never does it twice. A mark is
 * a conditional put in the tokens table and expires by TTL once it can no longer matter.
 */
export interface OnceMarks {
  /** True when this call placed the mark; false when it was already there (done before). */
  markOnce(key: string, expiresAt: Date): Promise<boolean>;
}
