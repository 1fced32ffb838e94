// @vitest-environment jsdom
// A new terms version starts from the version it follows (every text filled in), and the 신·구 조문 대비표 compares
// that version with the texts as typed, per language, with a "copy as text" for the notice; a version's page shows
// the same table against the version before it.
import type { AdminTermsVersion, TermsKind } from '@fanmission/contracts';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification, ResourceContextProvider, type DataProvider } from 'react-admin';
import { afterEach, expect, test, vi } from 'vitest';
import { consoleKo } from '../i18n/console-ko';
import { i18nProvider } from '../i18n/i18n-provider';
import { versionComparedWith } from './terms-comparison';
import { TermsVersionCreate, TermsVersionShow } from './terms-versions';
import { staffAuth } from '@fanmission/tests/support/console/staff-auth';
import { ConsoleTestContext } from '@fanmission/tests/support/console/console-context';
import { untilQueriesSettled } from '@fanmission/tests/support/query-clients';

vi.setConfig({ testTimeout: 60_000 });

const words = consoleKo.console.terms;
const fields = consoleKo.resources['terms-versions'].fields;
/** A label as a pattern (a required field's label ends in ' *'). */
const named = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

const IN_FORCE_KO = [
  '## 제1조 (목적)',
  '이 약관은 서비스 이용 조건을 정합니다.',
  '## 제3조 (코인)',
  '1코인은 100원입니다.',
  '충전 후 7일 이내에 사용하지 않은 코인은 청약을 철회할 수 있습니다.',
  '해외 결제는 정산 시 10%의 세금이 공제됩니다.',
  '## 제6조 (고객센터)',
  '고객센터 운영 시간은 평일 11:00–19:00입니다.',
].join('\n\n');

const AMENDED_KO = [
  '## 제1조 (목적)',
  '이 약관은 서비스 이용 조건을 정합니다.',
  '## 제3조 (코인)',
  '1코인은 100원입니다.',
  '충전 후 14일 이내에 사용하지 않은 코인은 청약을 철회할 수 있습니다.',
  '## 제6조 (고객센터)',
  '고객센터 운영 시간은 평일 11:00–19:00입니다.',
  '채팅 상담은 평일 10:00–18:00입니다.',
].join('\n\n');

function version(
  row: Pick<AdminTermsVersion, 'id' | 'kind' | 'version' | 'state' | 'effectiveAt'> & { ko: string; summary?: string },
): AdminTermsVersion {
  return {
    id: row.id,
    kind: row.kind,
    version: row.version,
    state: row.state,
    effectiveAt: row.effectiveAt,
    unfavourable: false,
    summary: { ko: row.summary ?? `요약 ${row.version}`, en: `Summary ${row.version}`, ja: `概要 ${row.version}` },
    body: { ko: row.ko, en: `## Article 1\n\nVersion ${row.version}.`, ja: `## 第1条\n\n第${row.version}版。` },
    publishedBy: null,
    publishedAt: '2025-01-01T00:00:00.000Z',
    withdrawnAt: row.state === 'WITHDRAWN' ? '2026-11-01T00:00:00.000Z' : null,
    noticeSentAt: '2025-01-01T00:00:00.000Z',
  };
}

// The service terms: version 1 past, version 2 in force (its text above), version 3 withdrawn; the privacy policy's
// version 1 in force.
const VERSIONS: AdminTermsVersion[] = [
  version({ id: 1, kind: 'terms', version: 1, state: 'PAST', effectiveAt: '2024-12-31T15:00:00.000Z', ko: '옛 약관' }),
  version({
    id: 4,
    kind: 'terms',
    version: 2,
    state: 'IN_FORCE',
    effectiveAt: '2026-01-31T15:00:00.000Z',
    ko: IN_FORCE_KO,
    summary: '제3조를 고쳤습니다.',
  }),
  version({
    id: 5,
    kind: 'terms',
    version: 3,
    state: 'WITHDRAWN',
    effectiveAt: '2026-12-31T15:00:00.000Z',
    ko: '철회된 약관',
  }),
  version({
    id: 6,
    kind: 'privacy',
    version: 1,
    state: 'IN_FORCE',
    effectiveAt: '2024-12-31T15:00:00.000Z',
    ko: '## 1. 수집하는 개인정보\n\n이메일.',
  }),
];

const auth = staffAuth(['ROLE_OPERATOR']);

function renderPage(
  page: 'create' | 'show',
  id?: number,
  created: (data: Record<string, unknown>) => Promise<unknown> = async (data) => ({ id: 9, ...data }),
) {
  const create = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({
    data: await created(params.data),
  }));
  const provider = {
    getList: async (_resource: string, params: { filter: { kind?: TermsKind } }) => {
      const data = VERSIONS.filter((row) => row.kind === params.filter.kind).sort((a, b) => b.id - a.id);
      return { data, total: data.length };
    },
    getOne: async (_resource: string, params: { id: number }) => ({
      data: VERSIONS.find((row) => row.id === Number(params.id)),
    }),
    getMany: async () => ({ data: [] }),
    getManyReference: async () => ({ data: [], total: 0 }),
    create,
  } as unknown as DataProvider;
  render(
    <ConsoleTestContext dataProvider={provider} i18nProvider={i18nProvider} authProvider={auth}>
      {/* Where the console's app bar takes a page's title. */}
      <h1 id="react-admin-title" />
      <ResourceContextProvider value="terms-versions">
        {page === 'create' ? <TermsVersionCreate /> : <TermsVersionShow id={id} />}
      </ResourceContextProvider>
      <Notification />
    </ConsoleTestContext>,
  );
  return create;
}

const textbox = (label: string) => screen.getByRole('textbox', { name: named(label) });
const valueOf = (label: string) => (textbox(label) as HTMLTextAreaElement).value;

async function chooseDocument(name: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: named(fields.kind) }, { timeout: 10_000 }));
  await userEvent.click(await screen.findByRole('option', { name }));
}

afterEach(() => cleanup());

test('the version compared with is the newest not withdrawn, or the newest before a given version', () => {
  const terms = VERSIONS.filter((row) => row.kind === 'terms');
  expect(versionComparedWith(terms)?.version).toBe(2);
  expect(versionComparedWith(terms, 2)?.version).toBe(1);
  expect(versionComparedWith(terms, 1)).toBeNull();
  const announced = { ...terms[1]!, id: 7, version: 4, state: 'SCHEDULED' as const };
  expect(versionComparedWith([...terms, announced])?.version).toBe(4);
});

test('choosing the document fills every text in from the version in force; unchanged, the table says so', async () => {
  renderPage('create');
  expect(await screen.findByText(words.comparisonNeedsKind, {}, { timeout: 10_000 })).toBeTruthy();
  await chooseDocument('서비스 이용약관');
  await waitFor(() => expect(valueOf(fields['body.ko'])).toBe(IN_FORCE_KO));
  expect(valueOf(fields['body.en'])).toBe('## Article 1\n\nVersion 2.');
  expect(valueOf(fields['body.ja'])).toBe('## 第1条\n\n第2版。');
  expect(valueOf(fields['summary.ko'])).toBe('제3조를 고쳤습니다.');
  expect(valueOf(fields['summary.en'])).toBe('Summary 2');
  expect(valueOf(fields['summary.ja'])).toBe('概要 2');
  expect(screen.getByText(words.prefilled.replace('%{version}', '2'))).toBeTruthy();
  expect(screen.getByText('비교 기준: 버전 2 · 시행 중 · 2026.02.01 KST 시행')).toBeTruthy();
  expect(await screen.findByText(words.noChanges)).toBeTruthy();
});

test('the table marks the changed words, the deleted and the added paragraph, and opens the unchanged ones', async () => {
  renderPage('create');
  await chooseDocument('서비스 이용약관');
  await waitFor(() => expect(valueOf(fields['body.ko'])).toBe(IN_FORCE_KO));
  fireEvent.change(textbox(fields['body.ko']), { target: { value: AMENDED_KO } });
  const table = await screen.findByRole('table', { name: '신·구 조문 대비표 (한국어)' }, { timeout: 10_000 });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['현행', '개정안']);
  // Struck through in the old column, underlined in the new one.
  expect([...table.querySelectorAll('del')].map((node) => node.textContent)).toEqual([
    '7일',
    '해외 결제는 정산 시 10%의 세금이 공제됩니다.',
  ]);
  expect([...table.querySelectorAll('ins')].map((node) => node.textContent)).toEqual([
    '14일',
    '채팅 상담은 평일 10:00–18:00입니다.',
  ]);
  expect(within(table).getByText(words.deletedParagraph)).toBeTruthy();
  expect(within(table).getByText(words.newParagraph)).toBeTruthy();
  // The headings of the changed articles once, without their mark; article 1 and the unchanged paragraphs collapsed.
  expect(within(table).getByText('제3조 (코인)')).toBeTruthy();
  expect(within(table).getByText('제6조 (고객센터)')).toBeTruthy();
  expect(within(table).queryByText('이 약관은 서비스 이용 조건을 정합니다.')).toBeNull();
  await userEvent.click(within(table).getByRole('button', { name: '변경 없는 문단 2개 보기' }));
  expect(within(table).getByText('이 약관은 서비스 이용 조건을 정합니다.')).toBeTruthy();
  expect(within(table).getByRole('button', { name: '변경 없는 문단 2개 접기' }).getAttribute('aria-expanded')).toBe(
    'true',
  );
  // The English text did not change.
  await userEvent.click(screen.getByRole('tab', { name: '영어' }));
  expect(await screen.findByText(words.noChanges)).toBeTruthy();
  expect(screen.queryByRole('table', { name: /신·구 조문 대비표/ })).toBeNull();
});

test('"copy as text" puts the table on the clipboard as the notice reads it', async () => {
  const user = userEvent.setup();
  renderPage('create');
  await chooseDocument('서비스 이용약관');
  await waitFor(() => expect(valueOf(fields['body.ko'])).toBe(IN_FORCE_KO));
  fireEvent.change(textbox(fields['body.ko']), { target: { value: AMENDED_KO } });
  await user.click(await screen.findByRole('button', { name: '글로 복사 (한국어)' }, { timeout: 10_000 }));
  expect(await screen.findByText('한국어 대비표를 복사했습니다. 공지에 붙여 넣으세요.')).toBeTruthy();
  const text = await navigator.clipboard.readText();
  expect(text.startsWith('신·구 조문 대비표: 서비스 이용약관 (한국어)\n표시: [-삭제된 글-] [+추가된 글+]\n\n')).toBe(
    true,
  );
  expect(text).toContain('(변경 없는 문단 2개 생략)');
  expect(text).toContain(
    '[현행]\n충전 후 [-7일-] 이내에 사용하지 않은 코인은 청약을 철회할 수 있습니다.\n' +
      '[개정안]\n충전 후 [+14일+] 이내에 사용하지 않은 코인은 청약을 철회할 수 있습니다.',
  );
  expect(text).toContain('[현행]\n[-해외 결제는 정산 시 10%의 세금이 공제됩니다.-]\n[개정안]\n<삭제>');
  expect(text).toContain('[현행]\n<신설>\n[개정안]\n[+채팅 상담은 평일 10:00–18:00입니다.+]');
});

test('another document refills the texts not edited and keeps the edited one', async () => {
  renderPage('create');
  await chooseDocument('서비스 이용약관');
  await waitFor(() => expect(valueOf(fields['body.ko'])).toBe(IN_FORCE_KO));
  fireEvent.change(textbox(fields['body.ko']), { target: { value: AMENDED_KO } });
  await chooseDocument('개인정보처리방침');
  await waitFor(() => expect(valueOf(fields['body.en'])).toBe('## Article 1\n\nVersion 1.'));
  expect(valueOf(fields['summary.ko'])).toBe('요약 1');
  expect(valueOf(fields['body.ko'])).toBe(AMENDED_KO);
});

test('the summary copied unchanged is refused; the version is published with the texts as edited', async () => {
  const create = renderPage('create');
  await chooseDocument('서비스 이용약관');
  await waitFor(() => expect(valueOf(fields['body.ko'])).toBe(IN_FORCE_KO));
  fireEvent.change(textbox(fields['body.ko']), { target: { value: AMENDED_KO } });
  fireEvent.change(screen.getByLabelText(named(fields.effectiveDate)), { target: { value: '2026-12-20' } });
  await userEvent.click(screen.getByRole('button', { name: /저장|Save/ }));
  expect(await screen.findAllByText(words.summaryUnchanged)).toHaveLength(3);
  expect(create).not.toHaveBeenCalled();
  fireEvent.change(textbox(fields['summary.ko']), { target: { value: '청약 철회 기간을 14일로 늘렸습니다.' } });
  fireEvent.change(textbox(fields['summary.en']), { target: { value: 'Withdrawal within 14 days.' } });
  fireEvent.change(textbox(fields['summary.ja']), { target: { value: '撤回期間を14日にしました。' } });
  // The button waits while the changed fields are checked again.
  const save = screen.getByRole('button', { name: /저장|Save/ });
  await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
  await userEvent.click(save);
  await waitFor(() => expect(create).toHaveBeenCalled());
  expect(create.mock.calls[0]![1].data).toMatchObject({
    kind: 'terms',
    effectiveDate: '2026-12-20',
    unfavourable: false,
    summary: {
      ko: '청약 철회 기간을 14일로 늘렸습니다.',
      en: 'Withdrawal within 14 days.',
      ja: '撤回期間を14日にしました。',
    },
    body: { ko: AMENDED_KO, en: '## Article 1\n\nVersion 2.', ja: '## 第1条\n\n第2版。' },
  });
});

test('the server’s refusal of the date stays under the date, the texts as typed', async () => {
  const tooSoon = 'The effective date must be at least 15 days ahead.';
  renderPage('create', undefined, async () => {
    throw Object.assign(new Error('invalid'), {
      body: { subErrors: [{ field: 'effectiveDate', message: tooSoon, rejectedValue: '2026-11-30' }] },
    });
  });
  await chooseDocument('서비스 이용약관');
  await waitFor(() => expect(valueOf(fields['body.ko'])).toBe(IN_FORCE_KO));
  fireEvent.change(textbox(fields['body.ko']), { target: { value: AMENDED_KO } });
  fireEvent.change(screen.getByLabelText(named(fields.effectiveDate)), { target: { value: '2026-11-30' } });
  for (const language of ['ko', 'en', 'ja'] as const) {
    fireEvent.change(textbox(fields[`summary.${language}`]), { target: { value: `새 요약 ${language}` } });
  }
  const save = screen.getByRole('button', { name: /저장|Save/ });
  await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
  await userEvent.click(save);
  expect(await screen.findByText(tooSoon)).toBeTruthy();
  // Still there once the page has settled: nothing resets the form behind the operator's back.
  await untilQueriesSettled();
  expect(screen.getByText(tooSoon)).toBeTruthy();
  expect(valueOf(fields['body.ko'])).toBe(AMENDED_KO);
  expect(valueOf(fields['summary.ko'])).toBe('새 요약 ko');
});

test('a version’s page compares it with the version before it', async () => {
  renderPage('show', 4);
  const table = await screen.findByRole('table', { name: '신·구 조문 대비표 (한국어)' }, { timeout: 10_000 });
  expect(screen.getByText('비교 기준: 버전 1 · 지난 버전 · 2025.01.01 KST 시행')).toBeTruthy();
  expect([...table.querySelectorAll('del')].map((node) => node.textContent)).toEqual(['옛 약관']);
  expect(screen.getByText('제3조를 고쳤습니다.')).toBeTruthy();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('서비스 이용약관 2 버전');
});
