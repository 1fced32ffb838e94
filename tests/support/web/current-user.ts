import { DEFAULT_PROFILE_IMAGE, type CurrentUser } from '@fanmission/contracts';

/**
 * What `GET /users/me` answers for a fan with no photo, no address and nothing frozen; a test names only what it is
 * about (`currentUser({ username: 'Mina' })`).
 */
export function currentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1,
    username: 'fan',
    email: 'fan@example.com',
    image: null,
    imageUrl: DEFAULT_PROFILE_IMAGE,
    roles: ['ROLE_USER'],
    phone: null,
    phoneConfirmed: false,
    address: null,
    addressDetail: null,
    provider: 'local',
    language: 'ko',
    coinsFrozen: false,
    rankingOptOut: false,
    adultVerifiedAt: null,
    creator: null,
    ...overrides,
  };
}
