// @vitest-environment jsdom
import { currentUser } from '@fanmission/tests/support/web/current-user';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  clearSession,
  dismissedPopups,
  dismissPopup,
  guardAllows,
  popupsQuiet,
  quietPopupsForToday,
  readSession,
  dropLegacyToken,
  storeCurrentUser,
  storeLogin,
  type Guard,
} from './session';

const user = currentUser({ id: 7 });

describe('session values in local storage', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => window.localStorage.clear());

  test('a login stores who logged in, never a token (the token is the HttpOnly cookie)', () => {
    storeLogin({ id: 7, roles: ['ROLE_UNVERIFIED'] });
    expect({ ...window.localStorage }).toEqual({ UserId: '7', IsVerified: 'false' });
    expect(readSession()).toMatchObject({ loggedIn: true, userId: 7, isVerified: false });
  });

  test('a token an older version stored is removed on load', () => {
    window.localStorage.setItem('token', 'Bearer old');
    window.localStorage.setItem('lang', 'en');
    dropLegacyToken();
    expect({ ...window.localStorage }).toEqual({ lang: 'en' });
  });

  test('the current user is stored under the spec keys', () => {
    storeCurrentUser({
      ...user,
      roles: ['ROLE_USER', 'ROLE_CREATOR'],
      creator: { id: 3, name: 'Star', verified: true, tags: [], eventMission: null, user },
    });
    expect({ ...window.localStorage }).toEqual({
      UserId: '7',
      UserName: 'fan',
      IsVerified: 'true',
      ImageUrl: '/images/profile-noimg.png',
      CreatorId: '3',
      CreatorName: 'Star',
    });
    storeCurrentUser({ ...user, roles: ['ROLE_UNVERIFIED'] });
    expect(window.localStorage.getItem('IsVerified')).toBe('false');
    expect(window.localStorage.getItem('CreatorId')).toBeNull();
  });

  test('clearing the session keeps the language and the popup dismissals', () => {
    storeLogin({ id: 7, roles: ['ROLE_USER'] });
    storeCurrentUser(user);
    window.localStorage.setItem('lang', 'ja');
    dismissPopup('loggedOn', 4);
    dismissPopup('loggedOff', 5);
    dismissPopup('loggedOff', 5);
    clearSession();
    expect({ ...window.localStorage }).toEqual({
      lang: 'ja',
      'ignore-logged-on-popup': '[4]',
      'ignore-logged-off-popup': '[5]',
    });
    expect(dismissedPopups('loggedOff')).toEqual([5]);
    expect(readSession()).toMatchObject({ loggedIn: false, userId: null, isVerified: null });
  });

  test('"not today" quiets popups until the next midnight in Korea time, and survives logging out', () => {
    // 23:30 in Korea (14:30 UTC): quiet until 00:00 Korea time, 15:00 UTC the same day.
    quietPopupsForToday(new Date('2026-11-28T14:30:00Z'));
    expect(popupsQuiet(new Date('2026-11-28T14:59:59Z'))).toBe(true);
    expect(popupsQuiet(new Date('2026-11-28T15:00:00Z'))).toBe(false);
    // 00:30 in Korea (15:30 UTC the day before): the whole Korean day.
    quietPopupsForToday(new Date('2026-11-28T15:30:00Z'));
    expect(popupsQuiet(new Date('2026-11-29T14:59:00Z'))).toBe(true);
    clearSession();
    expect(popupsQuiet(new Date('2026-11-29T14:59:00Z'))).toBe(true);
  });

  test('a corrupt dismissal list reads as empty', () => {
    window.localStorage.setItem('ignore-logged-on-popup', 'not json');
    expect(dismissedPopups('loggedOn')).toEqual([]);
  });
});

describe('route guards', () => {
  const visitor = { loggedIn: false, userId: null, creatorId: null, isVerified: null };
  const fan = { loggedIn: true, userId: 1, creatorId: null, isVerified: true };
  const unverified = { ...fan, isVerified: false };
  const creator = { ...fan, creatorId: 9 };
  const cases: Array<[Guard, Record<string, boolean>]> = [
    ['public', { visitor: true, fan: true, unverified: true, creator: true }],
    ['loggedIn', { visitor: false, fan: true, unverified: true, creator: true }],
    ['loggedOut', { visitor: true, fan: false, unverified: false, creator: false }],
    ['creator', { visitor: false, fan: false, unverified: false, creator: true }],
    ['verifiedFan', { visitor: false, fan: true, unverified: false, creator: false }],
  ];
  test.each(cases)('%s', (guard, expected) => {
    const sessions = { visitor, fan, unverified, creator };
    for (const [name, session] of Object.entries(sessions)) {
      expect(guardAllows(guard, { ...session, userName: null, creatorName: null, imageUrl: '' }), name).toBe(
        expected[name],
      );
    }
  });
});
