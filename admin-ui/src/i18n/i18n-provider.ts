import { ADMIN_WRITE_POLICY, formatMessageParameter } from '@fanmission/contracts';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { consoleEn } from './console-en';
import { consoleJa } from './console-ja';
import { consoleKo } from './console-ko';
import { raJapanese } from './ra-ja';
import { raKorean } from './ra-ko';

type Messages = Record<string, unknown>;

/** Deep merge: Korean (or Japanese) over English, so a react-admin key without its own text still reads in English. */
function merge(base: Messages, over: Messages): Messages {
  const result: Messages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = result[key];
    result[key] =
      value && typeof value === 'object' && current && typeof current === 'object'
        ? merge(current as Messages, value as Messages)
        : value;
  }
  return result;
}

/**
 * The labels of the fields many resources share (`id`, the dates): every resource's `fields` gets these unless it
 * names the field itself, so that no column or show field falls back to react-admin's humanized field name ("Id",
 * "Created at") in the Korean console.
 */
const COMMON_FIELDS: Record<ConsoleLocale, Record<string, string>> = {
  ko: {
    id: '번호',
    created: '등록일',
    createdAt: '등록일',
    updatedAt: '수정일',
    description: '설명',
    name: '이름',
    status: '상태',
    userId: '회원 번호',
    creatorId: '크리에이터 번호',
    missionId: '미션 번호',
    reason: '사유',
    note: '메모',
    email: '이메일',
    username: '회원',
  },
  en: {
    id: 'No.',
    created: 'Created',
    createdAt: 'Created',
    updatedAt: 'Updated',
    description: 'Description',
    name: 'Name',
    status: 'Status',
    userId: 'Member no.',
    creatorId: 'Creator no.',
    missionId: 'Mission no.',
    reason: 'Reason',
    note: 'Note',
    email: 'E-mail',
    username: 'Member',
  },
  ja: {
    id: '番号',
    created: '登録日',
    createdAt: '登録日',
    updatedAt: '更新日',
    description: '説明',
    name: '名前',
    status: '状態',
    userId: '会員番号',
    creatorId: 'クリエイター番号',
    missionId: 'ミッション番号',
    reason: '理由',
    note: 'メモ',
    email: 'メール',
    username: '会員',
  },
};

/** The messages with COMMON_FIELDS under every resource of the console (its own labels first). */
function withCommonFields(messages: Messages, locale: ConsoleLocale): Messages {
  const resources = (messages['resources'] ?? {}) as Record<string, Messages>;
  const names = new Set([...Object.keys(resources), ...Object.keys(ADMIN_WRITE_POLICY)]);
  const withFields = Object.fromEntries(
    [...names].map((name) => {
      const resource = resources[name] ?? {};
      const fields = (resource['fields'] ?? {}) as Messages;
      return [name, { ...resource, fields: { ...COMMON_FIELDS[locale], ...fields } }];
    }),
  );
  return { ...messages, resources: withFields };
}

export const LOCALES = [
  { locale: 'ko', name: '한국어' },
  { locale: 'en', name: 'English' },
  { locale: 'ja', name: '日本語' },
] as const;
export type ConsoleLocale = (typeof LOCALES)[number]['locale'];

const messages: Record<ConsoleLocale, TranslationMessages> = {
  ko: withCommonFields(
    merge(merge(englishMessages as unknown as Messages, raKorean), consoleKo),
    'ko',
  ) as unknown as TranslationMessages,
  en: withCommonFields(
    merge(englishMessages as unknown as Messages, consoleEn),
    'en',
  ) as unknown as TranslationMessages,
  ja: withCommonFields(
    merge(merge(englishMessages as unknown as Messages, raJapanese), consoleJa),
    'ja',
  ) as unknown as TranslationMessages,
};

const polyglotProvider = polyglotI18nProvider(
  (locale) => messages[(locale as ConsoleLocale) in messages ? (locale as ConsoleLocale) : 'ko'],
  'ko',
  [...LOCALES],
  { allowMissing: true },
);

/**
 * ko (default), en and ja, through react-admin's i18n provider; the choice is remembered by react-admin's store. Every
 * number put into a message is written as the product writes numbers (contracts/src/numbers.ts); polyglot's
 * `smart_count` stays a number, as its plural forms count it.
 */
export const i18nProvider: I18nProvider = {
  ...polyglotProvider,
  translate: (key, options) =>
    polyglotProvider.translate(
      key,
      options &&
        Object.fromEntries(
          Object.entries(options).map(([name, value]) => [
            name,
            name === 'smart_count' ? value : formatMessageParameter(name, value),
          ]),
        ),
    ),
};
