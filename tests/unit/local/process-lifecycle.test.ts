import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { groupsAfter, registerLine, releaseLine } from '../../../local/process/reaper-protocol';
import { lockDataDir, runningStackPid, StackAlreadyRunningError } from '../../../local/stack-lock';

describe('orphan reaper protocol: which emulator groups to end if the stack is killed', () => {
  it('keeps registered groups and forgets released ones', () => {
    const lines = (registerLine(101) + registerLine(202) + releaseLine(101)).split('\n');
    expect([...groupsAfter(new Set(), lines)]).toEqual([202]);
  });

  it('ignores anything that is not a protocol line', () => {
    expect([...groupsAfter(new Set([7]), ['', 'hello', '+abc', '-', '+12x'])]).toEqual([7]);
  });
});

describe('one local stack per data folder', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second stack while the first one runs, naming its pid', () => {
    dir = mkdtempSync(join(tmpdir(), 'lock-'));
    // The parent of this test process stands in for a running stack.
    writeFileSync(join(dir, 'stack.pid'), String(process.ppid));
    expect(runningStackPid(dir)).toBe(process.ppid);
    expect(() => lockDataDir(dir)).toThrow(StackAlreadyRunningError);
    expect(() => lockDataDir(dir)).toThrow(`(pid ${process.ppid})`);
  });

  it('takes over a lock left by a stack that no longer runs, and releases it', () => {
    dir = mkdtempSync(join(tmpdir(), 'lock-'));
    writeFileSync(join(dir, 'stack.pid'), '2147483646');
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'stack.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(runningStackPid(dir)).toBeNull();
  });
});
