import {
  PAY_METHODS,
  type PayMethod,
  termsKindSchema,
  type Language,
  type Notification,
  type NotificationKind,
  type Page,
  type PageQuery,
  type TermsKind,
} from '@fanmission/contracts';
import type { ServiceContext } from '../context';
import { fileEntry } from '../files';
import { pageOffset, toPage } from '../http';
import { translate } from '../i18n';
import { allReadUpTo } from './reads';
import { findNotificationPage, findNotificationsAfter, type NotificationView } from './repository';

/** The document a terms notice is about (its `termsKind` parameter). */
const termsKindOf = (params: Record<string, string | number>): TermsKind =>
  termsKindSchema.catch('terms').parse(params.termsKind);

/** The reader's notifications page, texts in the reader's language. */
export async function notificationPage(
  ctx: ServiceContext,
  userId: number,
  query: PageQuery,
  language: Language,
): Promise<Page<Notification>> {
  const [{ rows, total }, readUpTo] = await Promise.all([
    findNotificationPage(ctx.db, userId, { offset: pageOffset(query), limit: query.size }),
    allReadUpTo(ctx.db, userId),
  ]);
  return toPage(
    rows.map((row) => toNotification(ctx, row, language, readUpTo)),
    total,
    query,
  );
}

/** The reader's notifications past `afterId`, oldest first, at most `limit` (a live page's new rows). */
export async function notificationsAfter(
  ctx: ServiceContext,
  userId: number,
  afterId: number,
  limit: number,
  language: Language,
): Promise<Notification[]> {
  const [rows, readUpTo] = await Promise.all([
    findNotificationsAfter(ctx.db, userId, afterId, limit),
    allReadUpTo(ctx.db, userId),
  ]);
  return rows.map((row) => toNotification(ctx, row, language, readUpTo));
}

/** A notification row as a page shows it, in `language`. */
export function toNotification(
  ctx: Pick<ServiceContext, 'config'>,
  row: NotificationView,
  language: Language,
  readUpTo: number,
): Notification {
  const image = row.actorImage ? fileEntry(ctx.config, row.actorImage) : null;
  return {
    id: row.id,
    kind: row.kind,
    content:
      row.commentHidden && row.group_count === 1
        ? hiddenCommentText(language, row)
        : noticeText(language, { kind: row.kind, params: row.params, count: row.group_count }),
    created: row.created_at.toISOString(),
    thumbnail: image ? (image.thumbnail?.s3Url ?? image.s3Url) : null,
    image,
    mission: row.mission_id === null ? null : { id: row.mission_id },
    ...(row.kind === 'TERMS_CHANGED' && { termsKind: termsKindOf(row.params) }),
    missionComment:
      row.mission_comment_id === null || row.mission_id === null
        ? null
        : { id: row.mission_comment_id, missionId: row.mission_id },
    read: row.read_at !== null || row.id <= readUpTo,
    ...(row.group_count > 1 && { count: row.group_count }),
  };
}

/**
 * What a notification row says, in the app and in its push message: a row that groups member notices says how many,
 * never whose words ("내 댓글에 새 답글 3개가 달렸습니다."); any other its own text.
 */
export function noticeText(
  language: Language,
  notice: { kind: NotificationKind; params: Record<string, string | number>; count: number },
): string {
  return notice.count > 1
    ? groupedText(language, notice.kind, notice.count)
    : notificationText(language, notice.kind, notice.params);
}

/** A row that groups member notices: how many, never whose words. */
function groupedText(language: Language, kind: NotificationKind, count: number): string {
  return translate(language, `notification.grouped.${kind === 'COMMENT_REPLIED' ? kind : 'MISSION_COMMENTED'}`, {
    count,
  });
}

/** The kinds whose words (the creator's, the operator's) follow the text, quoted. */
const QUOTING_KINDS: ReadonlySet<NotificationKind> = new Set([
  'MISSION_ACCEPTED',
  'MISSION_REFUSED',
  'BLOCK_OBJECTION_ACCEPTED',
  'BLOCK_OBJECTION_REJECTED',
]);

/**
 * A notification's text; an acceptance or a refusal that carries the creator's words, or a decided block objection
 * with the operator's, quotes them after it.
 */
export function notificationText(
  language: Language,
  kind: NotificationKind,
  params: Record<string, string | number>,
): string {
  if (kind === 'TERMS_CHANGED') {
    const document = translate(language, `terms.kind.${termsKindOf(params)}`);
    return translate(language, 'notification.TERMS_CHANGED', { ...params, document });
  }
  if (kind === 'COIN_REFUND_PAID') return refundPaidText(language, params);
  const text = translate(language, `notification.${kind}`, notificationTextParams(language, params));
  const message = typeof params.message === 'string' ? params.message.trim() : '';
  if (!message || !QUOTING_KINDS.has(kind)) return text;
  return `${text} ${translate(language, `notification.message.${kind as QuotingKind}`, { message })}`;
}

type QuotingKind = 'MISSION_ACCEPTED' | 'MISSION_REFUSED' | 'BLOCK_OBJECTION_ACCEPTED' | 'BLOCK_OBJECTION_REJECTED';

/** The values a notification's text is filled with: its parameters, and a deadline reminder's time left. */
export const notificationTextParams = (
  language: Language,
  params: Record<string, string | number>,
): Record<string, string | number> => ({ ...params, ...timeLeftParam(language, params) });

/** A deadline reminder's `{left}`, in the reader's language, from the hours its event carried. */
function timeLeftParam(language: Language, params: Record<string, string | number>): { left?: string } {
  const hours = params.hoursLeft;
  if (typeof hours !== 'number') return {};
  if (hours < 24) return { left: translate(language, 'notification.left.hours', { count: hours }) };
  const days = Math.round(hours / 24);
  return {
    left: translate(language, days === 1 ? 'notification.left.day' : 'notification.left.days', { count: days }),
  };
}

/**
 * A paid refund: the money and where it went, from the parameters services/src/coin-history/refund-repository.ts
 * writes (`refundPaidParams`): "신용카드로 54,400원 환불이 완료되었습니다." One written before they were kept names
 * only the coins.
 */
function refundPaidText(language: Language, params: Record<string, string | number>): string {
  const to = String(params.to ?? '');
  if (to !== 'METHODS' && to !== 'ACCOUNT' && to !== 'SPLIT' && to !== 'DEPOSITING_ACCOUNT') {
    return translate(language, 'notification.COIN_REFUND_PAID.coins', params);
  }
  const account = { bank: String(params.bank ?? ''), account: String(params.account ?? '') };
  const methods = payMethodsText(language, String(params.methods ?? ''));
  const won = (amount: number) => translate(language, 'notification.won', { amount });
  const providerMoney = moneyText(language, String(params.providerMoney ?? ''));
  if (to === 'SPLIT') {
    return translate(language, 'notification.COIN_REFUND_PAID.SPLIT', {
      ...account,
      methods,
      providerMoney,
      accountMoney: won(Number(params.accountAmount ?? 0)),
    });
  }
  return translate(language, 'notification.COIN_REFUND_PAID', {
    to: translate(language, `notification.refundTo.${to}`, { ...account, methods }),
    money: to === 'METHODS' && providerMoney ? providerMoney : won(Number(params.amount ?? 0)),
  });
}

/** Pay methods (`card,kakaopay`) as one list in the reader's language: "신용카드, 카카오페이". */
function payMethodsText(language: Language, methods: string): string {
  const known = methods.split(',').filter((method): method is PayMethod => PAY_METHODS.includes(method as PayMethod));
  return new Intl.ListFormat(language, { style: 'short', type: 'unit' }).format(
    known.map((method) => translate(language, `notification.payMethod.${method}`)),
  );
}

/** Money in each charge's own currency (`KRW:54400;USD:500`, minor units): won as the app writes it, else Intl's. */
function moneyText(language: Language, money: string): string {
  return money
    .split(';')
    .filter((part) => part.includes(':'))
    .map((part) => {
      const [currency = 'KRW', minor = '0'] = part.split(':');
      const amount = Number(minor);
      if (currency === 'KRW') return translate(language, 'notification.won', { amount });
      const format = new Intl.NumberFormat(language, { style: 'currency', currency });
      return format.format(amount / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 0));
    })
    .join(' + ');
}

/** A comment or reply notification whose comment is hidden now: who commented, never what. */
function hiddenCommentText(language: Language, row: NotificationView): string {
  const kind = row.kind === 'COMMENT_REPLIED' ? 'COMMENT_REPLIED' : 'MISSION_COMMENTED';
  return translate(language, `notification.hidden.${kind}`, { actor: String(row.params.actor ?? '') });
}
