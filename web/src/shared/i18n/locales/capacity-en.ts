// The en texts of ./capacity.ts.
import type { CapacityMessages } from './capacity';

export const capacityEn: CapacityMessages = {
  button: {
    paused: 'Not taking requests right now',
    full: 'Requests are full ({{open}}/{{max}})',
  },
  notice: {
    defaultMessage: 'Taking a short break',
    returnsOn: 'Back on {{date}}',
  },
  responseTimes: {
    label: 'Response times',
    accept: 'Usually accepts within {{time}}',
    complete: 'completes within {{time}}',
    basis: 'Median of the missions of the last 90 days',
  },
  settings: {
    menu: 'Request settings',
    title: 'Request settings',
    intro:
      'Pause new requests for a while or cap how many open requests you take. Missions you already took go on as before.',
    pause: 'Pause new requests',
    returnOn: 'Back on (optional)',
    returnOnHelp: 'Requests open again at 00:00 Korea time on this day.',
    message: 'Message for fans (optional)',
    messageCount: '{{count}}/{{max}}',
    maxOpen: 'Cap on all open requests (optional)',
    productCaps: 'Caps per mission',
    productCap: 'Cap of {{name}}',
    open: '{{count}} open',
    noLimit: 'Leave empty for no cap.',
    save: 'Save',
    saved: 'Your request settings are saved.',
    failed: 'Could not save: {{reason}}',
    pausedNow: 'You are not taking new requests right now.',
  },
};
