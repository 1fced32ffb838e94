// The en texts of ./notification-settings.ts: a module of their own so that a visitor downloads only the chosen
// language's texts before the first paint (web/vite.config.ts).
import type { NotificationSettingsMessages } from './notification-settings';

export const notificationSettingsEn: NotificationSettingsMessages = {
  title: 'Notification settings',
  intro:
    'Every notification stays in your notifications. For each topic, choose whether you also get a push and a mail.',
  push: 'Push',
  mail: 'Mail',
  alimtalk: 'KakaoTalk',
  alimtalkOnFile:
    'KakaoTalk messages (알림톡) about missions, deadlines, draws and payments go to your confirmed mobile number.',
  alimtalkNoPhone:
    'Confirm a mobile number to get missions, deadlines, draws and payments as KakaoTalk messages (알림톡) too.',
  phone: {
    title: 'Mobile number',
    intro: 'KakaoTalk messages (알림톡) go only to a number confirmed with the code we text to it.',
    confirmed: '{{phone}} confirmed',
    unconfirmed: '{{phone}} not confirmed yet',
    none: 'No mobile number yet.',
    number: 'Mobile number',
    send: 'Text me a code',
    sent: 'A code was sent to {{phone}}. Enter it within 5 minutes.',
    code: '6-digit code',
    confirm: 'Confirm',
    done: 'Your mobile number is confirmed.',
  },
  channelOf: '{{topic}} {{channel}}',
  topics: {
    MISSION_REQUESTS: 'New mission requests',
    DEADLINE_REMINDERS: 'Decision and performance deadlines',
    MISSION_ACCEPTED: 'Missions accepted',
    MISSION_COMPLETED: 'Missions performed, prizes delivered',
    MISSION_ENDED: 'Refused, expired, cancelled (coins refunded)',
    EVENT_DRAWS: 'Lottery event applications and draws',
    COMMENTS: 'Comments and replies',
    COINS_EXPIRING: 'Coins about to expire',
    MONEY: 'Payments, refunds, settlements',
    ACCOUNT_NOTICES: 'Terms changes and operator actions',
    MARKETING: 'Events and offers (advertising)',
  },
  marketingTitle: 'Consent to advertising',
  marketingConsent: 'I agree to receive advertising such as events and offers (optional)',
  marketingNightConsent: 'I also agree to receive advertising at night (21:00–08:00) (optional)',
  consentedOn: 'Agreed on {{date}}',
  marketingHint: 'Nothing in the service depends on it, and you can withdraw it at any time.',
  save: 'Save notification settings',
  saved: 'Your notification settings are saved.',
  failed: 'Your notification settings could not be saved. Please try again shortly.',
  loadFailed: 'Your notification settings could not be loaded.',
  device: {
    title: 'Push notifications on this device',
    turnOn: 'Turn on push notifications',
    turnOff: 'Turn off push notifications',
    on: 'This device receives push notifications.',
    off: 'This device does not receive push notifications.',
    blocked:
      'Push notifications can’t be received in this browser: it blocks notifications from this site. Click the site information (lock) icon left of the address, set Notifications to Allow, then try again. In a private (incognito) window, open the site in a normal window instead.',
    needsInstall:
      'On iPhone and iPad, only an app added to the home screen receives push notifications. In Safari tap Share → "Add to Home Screen", then turn them on in that app.',
    unsupported:
      'Push notifications can’t be received in this browser. In a private (incognito) window, open the site in a normal window; otherwise turn them on in a recent Chrome, Edge, Firefox or Safari, or in the Fanmission app added to your home screen.',
    refused:
      'Push notifications can’t be received in this browser window: private (incognito) windows block them. Open the site in a normal window, or turn them on in the Fanmission app added to your home screen.',
    unavailable: 'Push notifications cannot be sent right now.',
    failed: 'Push notifications could not be set up. Please try again shortly.',
  },
};
