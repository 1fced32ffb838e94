import { z } from 'zod';

/*
 * Share pages of completed missions (docs/rules/sharing.md).
 *
 * - A public completed mission's share page is `/share/m/{id}`; a private one's only through an unlisted link
 *   `/share/l/{token}` its requester made (one link at a time; making a new one revokes the old).
 * - A creator who turned sharing off, an adult-flagged creator, a blocked or not completed mission: no share page.
 */

const instant = z.iso.datetime({ offset: true });

/** Share paths, under the site's origin (never under /api). */
export const publicSharePath = (missionId: number) => `/share/m/${missionId}`;
export const linkSharePath = (token: string) => `/share/l/${token}`;

/** An unlisted link's token: 32 random bytes in base64url (43 characters). */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** `POST /missions/{id}/share-links`: the new unlisted link; its token is shown this once (only its hash is kept). */
export const missionShareLinkSchema = z
  .object({
    token: z.string(),
    /** The share page's path (`/share/l/{token}`). */
    path: z.string(),
    created: instant,
  })
  .meta({ id: 'MissionShareLink' });
export type MissionShareLink = z.infer<typeof missionShareLinkSchema>;

/** `GET /missions/{id}/sharing`: what the caller may share of a mission he can see. */
export const missionSharingSchema = z
  .object({
    /** The public share page's path, or null when the mission has none (private, not completed, sharing off, adult). */
    publicPath: z.string().nullable(),
    /** For the requester of a private completed mission that may be shared: whether a link is active, and since. */
    link: z
      .object({
        canCreate: z.boolean(),
        activeSince: instant.nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'MissionSharing' });
export type MissionSharing = z.infer<typeof missionSharingSchema>;

/** `GET`/`PUT /creators/me/sharing`: whether the creator's completed missions may be shared. */
export const creatorSharingSchema = z
  .object({ enabled: z.boolean({ error: 'validation.required' }) })
  .meta({ id: 'CreatorSharing' });
export type CreatorSharing = z.infer<typeof creatorSharingSchema>;
