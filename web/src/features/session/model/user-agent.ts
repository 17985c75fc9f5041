/**
 * Reads browser and device facts for the activity record (spec 3) from the user-agent string. Best effort:
 * the record is for the lab's overview of sessions, never for access decisions.
 */
import type { ActivityReport } from '../../../../../core/schemas/activity';

type BrowserInfo = ActivityReport['browser'];
type DeviceInfo = ActivityReport['device'];

/** Most specific first: Edge and Opera also say "Chrome", Chrome also says "Safari". */
const BROWSERS: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /(?:OPR|Opera)\/([\d.]+)/],
  ['Samsung Internet', /SamsungBrowser\/([\d.]+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
  ['Safari', /Version\/([\d.]+).*Safari/],
];

export function describeBrowser(userAgent: string, platform = '', language = ''): BrowserInfo {
  for (const [name, pattern] of BROWSERS) {
    const match = userAgent.match(pattern);
    if (match) return { name, version: match[1] ?? '', platform, language };
  }
  return { name: 'Unknown', version: '', platform, language };
}

/** `maxTouchPoints` tells an iPad (which reports itself as a Mac) from a Mac. */
export function describeDevice(userAgent: string, maxTouchPoints = 0): DeviceInfo {
  const ios = userAgent.match(/(iPhone|iPad|iPod).*? OS (\d+(?:_\d+)*)/);
  if (ios) {
    return { type: ios[1] === 'iPad' ? 'tablet' : 'mobile', os: 'iOS', osVersion: (ios[2] ?? '').replace(/_/g, '.') };
  }
  const mac = userAgent.match(/Mac OS X (\d+(?:[_.]\d+)*)/);
  if (mac && maxTouchPoints > 1) return { type: 'tablet', os: 'iOS', osVersion: '' };
  const android = userAgent.match(/Android (\d+(?:\.\d+)*)/);
  if (android) {
    return { type: /Mobile/.test(userAgent) ? 'mobile' : 'tablet', os: 'Android', osVersion: android[1] ?? '' };
  }
  const windows = userAgent.match(/Windows NT (\d+\.\d+)/);
  if (windows) return { type: 'desktop', os: 'Windows', osVersion: windows[1] === '10.0' ? '10' : (windows[1] ?? '') };
  if (mac) return { type: 'desktop', os: 'macOS', osVersion: (mac[1] ?? '').replace(/_/g, '.') };
  if (/CrOS/.test(userAgent)) return { type: 'desktop', os: 'ChromeOS', osVersion: '' };
  if (/Linux/.test(userAgent)) return { type: 'desktop', os: 'Linux', osVersion: '' };
  return { type: /Mobi/.test(userAgent) ? 'mobile' : 'desktop', os: 'Unknown', osVersion: '' };
}
