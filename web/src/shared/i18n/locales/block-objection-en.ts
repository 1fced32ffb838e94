// The en texts of ./block-objection.ts (the blockObjection texts): a module of their own so that a visitor downloads
// only the chosen language's texts before the first paint (web/vite.config.ts).
import type { BlockObjectionMessages } from './block-objection';

export const blockObjectionEn: BlockObjectionMessages = {
  title: 'Object to a login block',
  intro:
    'A member or creator whose login was blocked for a policy violation may object once, within {{days}} days of the block. Enter the account’s e-mail and password so we know it is you.',
  email: 'E-mail',
  password: 'Password',
  reason: 'Why the block is wrong',
  reasonHelp: 'Tell us why you think the block is a mistake. ({{count}}/{{max}} characters)',
  submit: 'Send the objection',
  done: 'Your objection was received (number {{id}}). Operators will review it and let you know.',
  failed: 'The objection could not be sent. Please try again in a moment.',
  link: 'Object to a login block',
  showBlock: 'See why I am blocked',
  blockTitle: 'The block on your account',
  blockedAt: 'Blocked on: {{date}}',
  blockReason: 'Reason: {{reason}}',
  noReason: 'No reason recorded (please contact us)',
  objectableUntil: 'You may object until {{date}}',
  alreadyObjected: 'You have already objected to this block. Operators are reviewing it.',
};
