// The en texts of ./sharing.ts: a module of their own so that a visitor downloads only the chosen language's texts
// before the first paint (web/vite.config.ts).
import type { SharingMessages } from './sharing';

export const sharingEn: SharingMessages = {
  section: 'Share',
  title: '{{product}} by {{creator}}',
  share: 'Share',
  copied: 'Link copied.',
  copyFailed: 'The link could not be copied: {{url}}',
  failed: 'That did not work. Please try again.',
  privateHint:
    'This mission is private. With a share link, only the people you send it to can watch, without signing in.',
  linkActive: 'A share link is on. Once you revoke it, it no longer opens.',
  createLink: 'Create share link',
  newLink: 'Create a new link',
  revokeLink: 'Revoke link',
  linkCreated: 'Share link created. Tap Share to send it.',
  linkRevoked: 'Share link revoked.',
  creatorSwitch: 'Allow sharing of my completed missions',
  creatorSwitchHint: 'When off, share pages and share links of your missions do not open, and no share button shows.',
  creatorSwitchSaved: 'Sharing setting saved.',
};
