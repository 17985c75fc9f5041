/**
 * Checks what npm cannot install: a Java runtime (DynamoDB Local) and, for browser tests, Debian's
 * Chromium. As root it installs what is missing with apt-get; otherwise it stops with one clear line.
 * Usage: tsx scripts/ensure-prerequisites.ts [--java] [--chromium]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Prerequisite {
  name: string;
  present: () => boolean;
  debianPackage: string;
  why: string;
}

const javaPresent = () => spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;

const PREREQUISITES: Record<string, Prerequisite> = {
  java: { name: 'Java 17+', present: javaPresent, debianPackage: 'default-jre-headless', why: 'DynamoDB Local' },
  chromium: {
    name: 'Chromium',
    present: () => existsSync(CHROMIUM_PATH),
    debianPackage: 'chromium',
    why: 'the browser tests',
  },
};

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function aptInstall(pkg: string): void {
  console.info(`Installing ${pkg} with apt-get (running as root)...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', pkg], { stdio: 'inherit', env });
}

export function ensurePrerequisites(names: string[]): void {
  for (const name of names) {
    const p = PREREQUISITES[name];
    if (!p) throw new Error(`Unknown prerequisite ${name}`);
    if (p.present()) continue;
    if (isRoot() && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0) {
      aptInstall(p.debianPackage);
      if (p.present()) continue;
    }
    console.error(`${p.name} is required for ${p.why}: install it with "sudo apt-get install -y ${p.debianPackage}".`);
    process.exit(1);
  }
}

if (process.argv[1]?.endsWith('ensure-prerequisites.ts')) {
  const wanted = process.argv.slice(2).map((a) => a.replace(/^--/, ''));
  ensurePrerequisites(wanted.length ? wanted : ['java', 'chromium']);
}
