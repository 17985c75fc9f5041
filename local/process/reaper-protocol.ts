/**
 * The line protocol between the local stack and its orphan reaper: `+{pgid}` registers an emulator's process
 * group, `-{pgid}` forgets it (stopped normally). Anything else is ignored.
 */
export const registerLine = (pgid: number) => `+${pgid}\n`;
export const releaseLine = (pgid: number) => `-${pgid}\n`;

/** The registered groups after applying complete protocol lines. */
export function groupsAfter(groups: ReadonlySet<number>, lines: readonly string[]): Set<number> {
  const next = new Set(groups);
  for (const line of lines) {
    const match = /^([+-])(\d+)$/.exec(line.trim());
    if (!match) continue;
    const pgid = Number(match[2]);
    if (match[1] === '+') next.add(pgid);
    else next.delete(pgid);
  }
  return next;
}
