import { describe, expect, it } from 'vitest';
import { activityReportSchema } from '../../../core/schemas/activity';
import {
  activityStatus,
  buildActivityReport,
  countOpenTabs,
  DEVICE_ID_KEY,
  forgetTab,
  getOrCreateDeviceId,
  readBrowserEnvironment,
  sessionIdForThisLoad,
  type StorageLike,
} from '../../../web/src/features/session/model/activity-record';
import { describeBrowser, describeDevice } from '../../../web/src/features/session/model/user-agent';

function memoryStorage(initial: Record<string, string> = {}): StorageLike & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}
const brokenStorage: StorageLike = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('SecurityError');
  },
};

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
};

describe('spec 3 deviceId: generated once and kept in local storage', () => {
  it('generates an id on first use and keeps it under the key deviceId', () => {
    const storage = memoryStorage();
    const id = getOrCreateDeviceId(storage, () => 'aaaaaaaa-1111');
    expect(id).toBe('aaaaaaaa-1111');
    expect(storage.data[DEVICE_ID_KEY]).toBe('aaaaaaaa-1111');
    expect(getOrCreateDeviceId(storage, () => 'bbbbbbbb-2222')).toBe('aaaaaaaa-1111');
  });

  it('replaces a kept value that is not an id', () => {
    const storage = memoryStorage({ deviceId: '<script>' });
    expect(getOrCreateDeviceId(storage, () => 'cccccccc-3333')).toBe('cccccccc-3333');
  });

  it('still gives an id when storage is blocked', () => {
    expect(getOrCreateDeviceId(brokenStorage, () => 'dddddddd-4444')).toBe('dddddddd-4444');
  });

  it('the session id is generated once per page load', () => {
    const first = sessionIdForThisLoad();
    expect(sessionIdForThisLoad(() => 'other-id-000')).toBe(first);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('spec 3 browser and device facts', () => {
  it.each([
    [UA.chromeWindows, 'Chrome', '126.0.0.0'],
    [UA.edge, 'Edge', '126.0.2592.87'],
    [UA.safariMac, 'Safari', '17.5'],
    [UA.firefoxLinux, 'Firefox', '127.0'],
    ['curl/8', 'Unknown', ''],
  ])('reads the browser name and version', (ua, name, version) => {
    expect(describeBrowser(ua, 'Win32', 'en-GB')).toEqual({ name, version, platform: 'Win32', language: 'en-GB' });
  });

  it.each([
    [UA.chromeWindows, 0, { type: 'desktop', os: 'Windows', osVersion: '10' }],
    [UA.safariMac, 0, { type: 'desktop', os: 'macOS', osVersion: '10.15.7' }],
    [UA.safariMac, 5, { type: 'tablet', os: 'iOS', osVersion: '' }],
    [UA.iphone, 5, { type: 'mobile', os: 'iOS', osVersion: '17.5.1' }],
    [UA.ipad, 5, { type: 'tablet', os: 'iOS', osVersion: '16.6' }],
    [UA.androidPhone, 5, { type: 'mobile', os: 'Android', osVersion: '14' }],
    [UA.androidTablet, 5, { type: 'tablet', os: 'Android', osVersion: '13' }],
    [UA.firefoxLinux, 0, { type: 'desktop', os: 'Linux', osVersion: '' }],
  ])('device type is mobile, tablet or desktop (%#)', (ua, touch, expected) => {
    expect(describeDevice(ua, touch)).toEqual(expected);
  });
});

describe('spec 3 userActivity record', () => {
  const env = {
    userAgent: UA.iphone,
    platform: 'iPhone',
    language: 'en-US',
    maxTouchPoints: 5,
    screen: { width: 390, height: 844 },
    devicePixelRatio: 3,
    timezone: 'America/Chicago',
    connectionType: '4g',
  };

  it('has every field of spec 3 and passes the putActivity schema', () => {
    const report = buildActivityReport({
      env,
      deviceId: 'device-0001',
      sessionId: 'session-0001',
      startTime: 1_700_000_000_000,
      lastActivity: 1_700_000_100_000,
      status: 'active',
      currentRoute: '/customer/order?draft=1',
      tabCount: 2,
    });
    expect(report).toEqual({
      lastActivity: 1_700_000_100_000,
      deviceId: 'device-0001',
      sessionId: 'session-0001',
      status: 'active',
      browser: { name: 'Safari', version: '17.5', platform: 'iPhone', language: 'en-US' },
      screen: { width: 390, height: 844, pixelRatio: 3 },
      device: { type: 'mobile', os: 'iOS', osVersion: '17.5.1' },
      session: {
        startTime: 1_700_000_000_000,
        timezone: 'America/Chicago',
        connectionType: '4g',
        currentRoute: '/customer/order',
        tabCount: 2,
      },
    });
    expect(activityReportSchema.safeParse(report).success).toBe(true);
  });

  it('status is active, idle after one sync period without activity, inactive once the session ended', () => {
    expect(activityStatus(1000, 30_000, false, 60_000)).toBe('active');
    expect(activityStatus(1000, 62_000, false, 60_000)).toBe('idle');
    expect(activityStatus(1000, 2000, true, 60_000)).toBe('inactive');
  });

  it('reads the environment from browser globals, with safe defaults where one is missing', () => {
    const read = readBrowserEnvironment({
      navigator: {
        userAgent: UA.chromeWindows,
        platform: 'Win32',
        language: 'de',
        connection: { effectiveType: '4g' },
      },
      screen: { width: 1920, height: 1080 },
      devicePixelRatio: 1.25,
    });
    expect(read).toMatchObject({ platform: 'Win32', language: 'de', connectionType: '4g', devicePixelRatio: 1.25 });
    expect(readBrowserEnvironment({})).toMatchObject({ userAgent: '', connectionType: 'unknown', devicePixelRatio: 1 });
  });

  it('tabCount counts the tabs of this browser that reported recently', () => {
    const storage = memoryStorage();
    expect(countOpenTabs(storage, 'tab-a', 1000, 150_000)).toBe(1);
    expect(countOpenTabs(storage, 'tab-b', 2000, 150_000)).toBe(2);
    expect(countOpenTabs(storage, 'tab-b', 200_000, 150_000)).toBe(1); // tab-a went silent
    forgetTab(storage, 'tab-b');
    expect(countOpenTabs(storage, 'tab-c', 200_001, 150_000)).toBe(1);
    expect(countOpenTabs(brokenStorage, 'tab-d', 1, 150_000)).toBe(1);
  });
});
