/**
 * Builds the browser's part of the userActivity record (spec 3): the persistent device id, the per-load
 * session id, browser, screen, device and session facts. Browser objects are passed in, so the builders
 * run (and are tested) without a DOM; `readBrowserEnvironment()` reads the real ones.
 */
import type { ActivityReport } from '../../../../../core/schemas/activity';
import { describeBrowser, describeDevice } from './user-agent';

/** spec 3: the local storage key of the device id, generated once and kept. */
export const DEVICE_ID_KEY = 'deviceId';
/** Open tabs of this browser and when each last reported; lets every tab report `tabCount`. */
export const OPEN_TABS_KEY = 'openTabs';

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const VALID_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** A random id the activity schema accepts (a UUID). */
export function randomId(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * spec 3: the device id is generated once and kept in local storage. Storage that throws (private mode,
 * blocked cookies) still gets an id for this page load, it is just not kept.
 */
export function getOrCreateDeviceId(storage: StorageLike | null, newId: () => string = randomId): string {
  try {
    const kept = storage?.getItem(DEVICE_ID_KEY);
    if (kept && VALID_ID.test(kept)) return kept;
  } catch {
    // unreadable storage: fall through to a fresh id
  }
  const id = newId();
  try {
    storage?.setItem(DEVICE_ID_KEY, id);
  } catch {
    // not kept: the next load makes another
  }
  return id;
}

let pageSessionId: string | undefined;
/** spec 3: a session id is generated on each page load (once per module instance, i.e. per load). */
export function sessionIdForThisLoad(newId: () => string = randomId): string {
  pageSessionId ??= newId();
  return pageSessionId;
}

/**
 * Registers this tab in local storage and answers how many tabs of this browser reported within
 * `staleAfterMs`; tabs that closed without saying so drop out after that time.
 */
export function countOpenTabs(
  storage: StorageLike | null,
  sessionId: string,
  now: number,
  staleAfterMs: number,
): number {
  if (!storage) return 1;
  try {
    const parsed: unknown = JSON.parse(storage.getItem(OPEN_TABS_KEY) ?? '{}');
    const seen: Record<string, number> = {};
    if (parsed && typeof parsed === 'object') {
      for (const [id, at] of Object.entries(parsed)) {
        if (typeof at === 'number' && now - at < staleAfterMs) seen[id] = at;
      }
    }
    seen[sessionId] = now;
    storage.setItem(OPEN_TABS_KEY, JSON.stringify(seen));
    return Object.keys(seen).length;
  } catch {
    return 1;
  }
}

/** Takes this tab out of the open-tab list (on page hide). */
export function forgetTab(storage: StorageLike | null, sessionId: string): void {
  try {
    const seen = JSON.parse(storage?.getItem(OPEN_TABS_KEY) ?? '{}') as Record<string, number>;
    delete seen[sessionId];
    storage?.setItem(OPEN_TABS_KEY, JSON.stringify(seen));
  } catch {
    // nothing to forget
  }
}

/** The browser facts the record needs; `readBrowserEnvironment()` fills it from the real browser. */
export interface BrowserEnvironment {
  userAgent: string;
  platform: string;
  language: string;
  maxTouchPoints: number;
  screen: { width: number; height: number };
  devicePixelRatio: number;
  timezone: string;
  connectionType: string;
}

interface BrowserGlobals {
  navigator?: {
    userAgent?: string;
    platform?: string;
    language?: string;
    maxTouchPoints?: number;
    connection?: { effectiveType?: string; type?: string };
  };
  screen?: { width?: number; height?: number };
  devicePixelRatio?: number;
}

export function readBrowserEnvironment(g: BrowserGlobals = globalThis as BrowserGlobals): BrowserEnvironment {
  const nav = g.navigator ?? {};
  let timezone = '';
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    // old browsers: leave it empty
  }
  return {
    userAgent: nav.userAgent ?? '',
    platform: nav.platform ?? '',
    language: nav.language ?? '',
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    screen: { width: g.screen?.width ?? 0, height: g.screen?.height ?? 0 },
    devicePixelRatio: g.devicePixelRatio || 1,
    timezone,
    connectionType: nav.connection?.effectiveType ?? nav.connection?.type ?? 'unknown',
  };
}

/** The record's status: one rule for the browser and the admin dashboard (core/rules/activity-status.ts). */
export { activityStatus } from '../../../../../core/rules/activity-status';

export interface ActivityReportInput {
  env: BrowserEnvironment;
  deviceId: string;
  sessionId: string;
  /** ms timestamp of this page load. */
  startTime: number;
  lastActivity: number;
  status: ActivityReport['status'];
  currentRoute: string;
  tabCount: number;
}

const clip = (value: string, max: number) => value.slice(0, max);

/** spec 3: the userActivity record as the browser reports it (the server adds userId, email and role). */
export function buildActivityReport(input: ActivityReportInput): ActivityReport {
  const { env } = input;
  const browser = describeBrowser(env.userAgent, env.platform, env.language);
  const device = describeDevice(env.userAgent, env.maxTouchPoints);
  return {
    lastActivity: Math.max(0, Math.floor(input.lastActivity)),
    deviceId: input.deviceId,
    sessionId: input.sessionId,
    status: input.status,
    browser: {
      name: clip(browser.name, 64),
      version: clip(browser.version, 64),
      platform: clip(browser.platform, 64),
      language: clip(browser.language, 35),
    },
    screen: {
      width: Math.max(0, Math.round(env.screen.width)),
      height: Math.max(0, Math.round(env.screen.height)),
      pixelRatio: Math.min(20, Math.max(0.1, env.devicePixelRatio || 1)),
    },
    device: { type: device.type, os: clip(device.os, 64), osVersion: clip(device.osVersion, 64) },
    session: {
      startTime: Math.max(0, Math.floor(input.startTime)),
      timezone: clip(env.timezone, 64),
      connectionType: clip(env.connectionType, 32),
      currentRoute: clip(input.currentRoute.split(/[?#]/, 1)[0] ?? '', 512),
      tabCount: Math.min(1000, Math.max(1, input.tabCount)),
    },
  };
}
