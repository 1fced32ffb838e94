import { DAY_MS, DEFAULT_PROFILE_IMAGE, KOREA_OFFSET_MS, type CurrentUser } from '@fanmission/contracts';
import { useSyncExternalStore } from 'react';

/**
 * Local storage keys of the session, as the spec names them — except the token: the session token lives in an
 * HttpOnly cookie the API sets at login, which no script of the page can read. What stays here is
 * non-secret UI state: who is logged in, verified or a creator, the name and the picture.
 */
export const SESSION_KEYS = {
  lang: 'lang',
  userId: 'UserId',
  userName: 'UserName',
  creatorId: 'CreatorId',
  creatorName: 'CreatorName',
  isVerified: 'IsVerified',
  imageUrl: 'ImageUrl',
  ignoreLoggedOnPopup: 'ignore-logged-on-popup',
  ignoreLoggedOffPopup: 'ignore-logged-off-popup',
  popupsQuietUntil: 'popups-quiet-until',
} as const;

/** Where older versions kept the session token (removed on load: a token must never sit in localStorage). */
export const LEGACY_TOKEN_KEY = 'token';

/** Logging out or an expired token clears these; the language and popup dismissals (and quiet day) stay. */
const CLEARED_ON_LOGOUT = [
  SESSION_KEYS.userId,
  SESSION_KEYS.userName,
  SESSION_KEYS.creatorId,
  SESSION_KEYS.creatorName,
  SESSION_KEYS.isVerified,
  SESSION_KEYS.imageUrl,
];

export interface Session {
  /** A member is logged in here (the UI's marker; the session itself is the HttpOnly cookie). */
  loggedIn: boolean;
  userId: number | null;
  userName: string | null;
  creatorId: number | null;
  creatorName: string | null;
  /** null when unknown (no user stored). */
  isVerified: boolean | null;
  imageUrl: string;
}

const CHANGE_EVENT = 'fanmission:session';

function read(key: string): string | null {
  return window.localStorage.getItem(key);
}

function numberOrNull(value: string | null): number | null {
  if (value === null || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

export function readSession(): Session {
  const verified = read(SESSION_KEYS.isVerified);
  const userId = numberOrNull(read(SESSION_KEYS.userId));
  return {
    loggedIn: userId !== null,
    userId,
    userName: read(SESSION_KEYS.userName),
    creatorId: numberOrNull(read(SESSION_KEYS.creatorId)),
    creatorName: read(SESSION_KEYS.creatorName),
    isVerified: verified === null ? null : verified === 'true',
    imageUrl: read(SESSION_KEYS.imageUrl) || DEFAULT_PROFILE_IMAGE,
  };
}

function changed(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Removes a session token an older version left in localStorage (called once when the app loads). */
export function dropLegacyToken(): void {
  window.localStorage.removeItem(LEGACY_TOKEN_KEY);
}

/** Marks the member of a fresh login as logged in (the API has set the session cookie); the rest follows /users/me. */
export function storeLogin(login: { id: number; roles: readonly string[] }): void {
  window.localStorage.setItem(SESSION_KEYS.userId, String(login.id));
  window.localStorage.setItem(SESSION_KEYS.isVerified, String(!login.roles.includes('ROLE_UNVERIFIED')));
  changed();
}

/** Stores what the guards and the header read about the current user. */
export function storeCurrentUser(user: CurrentUser): void {
  const storage = window.localStorage;
  storage.setItem(SESSION_KEYS.userId, String(user.id));
  storage.setItem(SESSION_KEYS.userName, user.username);
  storage.setItem(SESSION_KEYS.isVerified, String(!user.roles.includes('ROLE_UNVERIFIED')));
  storage.setItem(SESSION_KEYS.imageUrl, user.imageUrl || DEFAULT_PROFILE_IMAGE);
  if (user.creator) {
    storage.setItem(SESSION_KEYS.creatorId, String(user.creator.id));
    storage.setItem(SESSION_KEYS.creatorName, user.creator.name);
  } else {
    storage.removeItem(SESSION_KEYS.creatorId);
    storage.removeItem(SESSION_KEYS.creatorName);
  }
  changed();
}

export function storeSessionValue(key: (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS], value: string): void {
  window.localStorage.setItem(key, value);
  changed();
}

/** Clears the session, keeping the language and the popup dismissals. */
export function clearSession(): void {
  for (const key of CLEARED_ON_LOGOUT) window.localStorage.removeItem(key);
  changed();
}

let cachedKey = '';
let cachedSession: Session | undefined;

function snapshot(): Session {
  const current = readSession();
  const key = JSON.stringify(current);
  if (key !== cachedKey || !cachedSession) {
    cachedKey = key;
    cachedSession = current;
  }
  return cachedSession;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** The stored session, re-rendering when it changes (in this tab or another). */
export function useSession(): Session {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/**
 * `coinCharge` is `verifiedFan` for the coin charge's pages: a creator refused there is told creators cannot charge
 * coins and sent to his own creator page instead of `/`.
 */
export type Guard = 'public' | 'loggedIn' | 'loggedOut' | 'creator' | 'verifiedFan' | 'coinCharge';

/** The spec's route guards, reading stored session values only. */
export function guardAllows(guard: Guard, session: Session): boolean {
  switch (guard) {
    case 'public':
      return true;
    case 'loggedIn':
      return session.loggedIn;
    case 'loggedOut':
      return !session.loggedIn;
    case 'creator':
      return session.userId !== null && session.creatorId !== null;
    case 'verifiedFan':
    case 'coinCharge':
      return session.userId !== null && session.creatorId === null && session.isVerified === true;
    default: {
      const exhaustive: never = guard;
      return exhaustive;
    }
  }
}

export type PopupState = 'loggedOn' | 'loggedOff';

function popupKey(state: PopupState): string {
  return state === 'loggedOn' ? SESSION_KEYS.ignoreLoggedOnPopup : SESSION_KEYS.ignoreLoggedOffPopup;
}

/** Ids of popups dismissed in that logged-in state (a JSON list in local storage). */
export function dismissedPopups(state: PopupState): number[] {
  try {
    const parsed: unknown = JSON.parse(read(popupKey(state)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

export function dismissPopup(state: PopupState, id: number): void {
  const ids = dismissedPopups(state);
  if (!ids.includes(id)) window.localStorage.setItem(popupKey(state), JSON.stringify([...ids, id]));
}

/**
 * "Not today" on a popup: no popup at all, of either logged-in state and whichever the operator publishes next, until
 * the next midnight in Korea time; the one on screen comes back tomorrow unless it is closed (which dismisses it).
 */
export function quietPopupsForToday(now: Date = new Date()): void {
  const nextKoreaMidnight = (Math.floor((now.getTime() + KOREA_OFFSET_MS) / DAY_MS) + 1) * DAY_MS - KOREA_OFFSET_MS;
  window.localStorage.setItem(SESSION_KEYS.popupsQuietUntil, String(nextKoreaMidnight));
}

/** Whether "not today" was chosen today (Korea time). */
export function popupsQuiet(now: Date = new Date()): boolean {
  return Number(read(SESSION_KEYS.popupsQuietUntil) ?? 0) > now.getTime();
}
