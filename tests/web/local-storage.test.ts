import { beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_ID_KEY } from '../../web/src/features/session/model/activity-record';
import {
  forgetSignedInUser,
  readSidebarCollapsed,
  rememberSignedInUser,
  STORAGE_KEYS,
  writeSidebarCollapsed,
} from '../../web/src/lib/local-storage';

beforeEach(() => localStorage.clear());

describe('spec 3 local browser storage keys', () => {
  it('uses exactly the spec keys plus the sidebar choice', () => {
    expect(Object.values(STORAGE_KEYS)).toEqual([
      'nameObject',
      'termsAccepted',
      'role',
      'currentUser',
      'deviceId',
      'sidebarCollapsed',
    ]);
  });

  it('the device id key is the one the activity record writes', () => {
    expect(DEVICE_ID_KEY).toBe(STORAGE_KEYS.deviceId);
  });

  it('keeps nameObject, termsAccepted, role and currentUser for the signed-in user', () => {
    rememberSignedInUser({
      firstName: 'Ann',
      lastName: 'Lee',
      termsAccepted: true,
      role: 'Customer',
      uid: 'u-1',
      email: 'ann@practice.test',
    });
    expect(JSON.parse(localStorage.getItem('nameObject')!)).toEqual({ firstName: 'Ann', lastName: 'Lee' });
    expect(localStorage.getItem('termsAccepted')).toBe('true');
    expect(localStorage.getItem('role')).toBe('Customer');
    expect(JSON.parse(localStorage.getItem('currentUser')!)).toEqual({ uid: 'u-1', email: 'ann@practice.test' });
  });

  it('logout forgets the user but keeps the device id and the sidebar choice', () => {
    rememberSignedInUser({
      firstName: 'A',
      lastName: 'B',
      termsAccepted: false,
      role: 'Super Admin',
      uid: 'u',
      email: 'e@x.test',
    });
    localStorage.setItem('deviceId', 'device-1234');
    writeSidebarCollapsed(true);
    forgetSignedInUser();
    expect(['nameObject', 'termsAccepted', 'role', 'currentUser'].map((k) => localStorage.getItem(k))).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(localStorage.getItem('deviceId')).toBe('device-1234');
    expect(readSidebarCollapsed()).toBe(true);
  });
});
