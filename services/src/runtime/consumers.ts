import { type AlimtalkProvider, createAlimtalkConsumer } from '../alimtalk';
import {
  createPayoutAccountMailConsumer,
  createReviewMailConsumer,
  creatorPopularityConsumer,
  type ReviewMailDependencies,
} from '../creators';
import { settlementFeedConsumer } from '../income';
import {
  createNotificationMailConsumer,
  createNotificationsConsumer,
  type MemberNoticeLimits,
  type NoticeMailLimits,
  notificationsConsumer,
} from '../notifications';
import { createBankDepositMailConsumer } from '../payments';
import type { EventConsumer } from '../outbox';
import { creatorReliabilityConsumer } from '../trust';

/**
 * Every consumer the runtime starts (and `drainOutbox` runs), on whichever transport is configured. The outbox is
 * infrastructure and knows no domain module: this composition root hands it the list.
 */
export const EVENT_CONSUMERS: readonly EventConsumer[] = [
  creatorPopularityConsumer,
  notificationsConsumer,
  settlementFeedConsumer,
  creatorReliabilityConsumer,
];

/**
 * Every consumer a running process starts: the ones above, those that need the process's mailer (the creator review
 * decision mail, the payout account change mail, the bank deposit instructions, notifications by mail) and, when a
 * provider is configured, notifications by KakaoTalk 알림톡. `EVENT_CONSUMERS` stays the list of those that need
 * nothing, for tests and tools.
 */
export function runtimeConsumers(
  deps: ReviewMailDependencies & {
    alimtalk?: AlimtalkProvider | null;
    noticeMailLimits?: NoticeMailLimits;
    memberNoticeLimits?: MemberNoticeLimits;
  },
): readonly EventConsumer[] {
  const { memberNoticeLimits } = deps;
  return [
    // The in-app notifications with the configured limits of member notices, when given.
    ...EVENT_CONSUMERS.map((consumer) =>
      consumer === notificationsConsumer && memberNoticeLimits
        ? createNotificationsConsumer(memberNoticeLimits)
        : consumer,
    ),
    createReviewMailConsumer(deps),
    createPayoutAccountMailConsumer(deps),
    createBankDepositMailConsumer(deps),
    createNotificationMailConsumer(deps),
    ...(deps.alimtalk ? [createAlimtalkConsumer(deps.alimtalk)] : []),
  ];
}
