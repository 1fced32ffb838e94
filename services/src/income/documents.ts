import { existsSync } from 'node:fs';
import { type BusinessType, csvDocument, formatNumber, koreaDate, type Language } from '@fanmission/contracts';
import type { StatementRow } from './table';

/*
 * A statement as a file: CSV (UTF-8 with a byte order mark, so spreadsheet programs read the Korean) and PDF, its
 * text set in Noto Sans CJK (Debian's fonts-noto-cjk, which the test preparation and the Docker image install).
 */

export interface StatementLine {
  ledger_transaction_id: number;
  statement_id: number;
  mission_id: number | null;
  coins: number;
  released_at: Date;
  mission_type: string | null;
  product_name: string | null;
  username: string | null;
}

const LABELS = {
  ko: {
    title: '월 정산서',
    statement: '정산서 번호',
    month: '정산 월',
    created: '발행일',
    status: '상태',
    grade: '등급',
    monthCoins: '이번 달 코인',
    carriedCoins: '이월 코인',
    totalEarningCoin: '정산 대상 코인',
    gross: '총액 (원)',
    income: '수익 (원)',
    pgFee: '결제 수수료 (원)',
    fatkatFee: '플랫폼 수수료 (원)',
    overseasFee: '해외 송금 수수료 (원)',
    taxWithheld: '원천징수 세금 (원)',
    localTaxWithheld: '지방소득세 (원)',
    toReceipt: '지급액 (원)',
    dueDate: '지급 예정일',
    paid: '지급 여부',
    lines: '미션 내역',
    missionId: '미션 번호',
    type: '유형',
    product: '미션',
    requester: '신청자',
    coins: '코인',
    released: '완료일',
    yes: '지급 완료',
    no: '미지급',
    overdue: '미지급 (지급 예정일 경과)',
    payee: '수취인',
    creatorId: '크리에이터 번호',
    account: '지급 계좌',
    business: '사업자',
    statuses: {
      ISSUED: '발행',
      APPROVED: '승인',
      IN_TRANSFER: '이체 중',
      TRANSFER_FAILED: '이체 실패',
      PAID: '지급 완료',
      CARRIED_OVER: '이월',
    },
    grades: { SILVER: '실버', GOLD: '골드', DIAMOND: '다이아몬드' },
    types: { BASIC: '기본', LUCKY: '럭키', CUSTOM: '커스텀', EVENT: '이벤트' },
    businessTypes: { NONE: '해당 없음', PRIVATE: '개인사업자', CORPORATION: '법인사업자' },
  },
  en: {
    title: 'Monthly settlement statement',
    statement: 'Statement no.',
    month: 'Settlement month',
    created: 'Issued',
    status: 'Status',
    grade: 'Grade',
    monthCoins: 'Coins this month',
    carriedCoins: 'Coins carried over',
    totalEarningCoin: 'Coins settled',
    gross: 'Gross (KRW)',
    income: 'Income (KRW)',
    pgFee: 'Payment fee (KRW)',
    fatkatFee: 'Platform fee (KRW)',
    overseasFee: 'Overseas transfer fee (KRW)',
    taxWithheld: 'Tax withheld (KRW)',
    localTaxWithheld: 'Local income tax withheld (KRW)',
    toReceipt: 'To receive (KRW)',
    dueDate: 'Payable by',
    paid: 'Paid',
    lines: 'Missions',
    missionId: 'Mission no.',
    type: 'Type',
    product: 'Mission',
    requester: 'Requester',
    coins: 'Coins',
    released: 'Completed',
    yes: 'paid',
    no: 'not paid',
    overdue: 'not paid (past the due date)',
    payee: 'Payee',
    creatorId: 'Creator no.',
    account: 'Payout account',
    business: 'Business',
    statuses: {
      ISSUED: 'Issued',
      APPROVED: 'Approved',
      IN_TRANSFER: 'In transfer',
      TRANSFER_FAILED: 'Transfer failed',
      PAID: 'Paid',
      CARRIED_OVER: 'Carried over',
    },
    grades: { SILVER: 'Silver', GOLD: 'Gold', DIAMOND: 'Diamond' },
    types: { BASIC: 'Basic', LUCKY: 'Lucky', CUSTOM: 'Custom', EVENT: 'Event' },
    businessTypes: { NONE: 'None', PRIVATE: 'Sole proprietor', CORPORATION: 'Corporation' },
  },
  ja: {
    title: '月次精算書',
    statement: '精算書番号',
    month: '精算月',
    created: '発行日',
    status: '状態',
    grade: 'グレード',
    monthCoins: '今月のコイン',
    carriedCoins: '繰越コイン',
    totalEarningCoin: '精算対象コイン',
    gross: '総額 (ウォン)',
    income: '収益 (ウォン)',
    pgFee: '決済手数料 (ウォン)',
    fatkatFee: 'プラットフォーム手数料 (ウォン)',
    overseasFee: '海外送金手数料 (ウォン)',
    taxWithheld: '源泉徴収税 (ウォン)',
    localTaxWithheld: '地方所得税 (ウォン)',
    toReceipt: '受取額 (ウォン)',
    dueDate: '支払予定日',
    paid: '支払状況',
    lines: 'ミッション明細',
    missionId: 'ミッション番号',
    type: '種類',
    product: 'ミッション',
    requester: '申込者',
    coins: 'コイン',
    released: '完了日',
    yes: '支払済み',
    no: '未払い',
    overdue: '未払い（支払予定日経過）',
    payee: '受取人',
    creatorId: 'クリエイター番号',
    account: '支払口座',
    business: '事業者',
    statuses: {
      ISSUED: '発行',
      APPROVED: '承認',
      IN_TRANSFER: '振込中',
      TRANSFER_FAILED: '振込失敗',
      PAID: '支払済み',
      CARRIED_OVER: '繰越',
    },
    grades: { SILVER: 'シルバー', GOLD: 'ゴールド', DIAMOND: 'ダイヤモンド' },
    types: { BASIC: 'ベーシック', LUCKY: 'ラッキー', CUSTOM: 'カスタム', EVENT: 'イベント' },
    businessTypes: { NONE: 'なし', PRIVATE: '個人事業者', CORPORATION: '法人' },
  },
} as const satisfies Record<Language, Record<string, string | Record<string, string>>>;

/** Who a statement pays: the creator as he is now, and the account the statement copied when it was issued. */
export interface StatementPayee {
  creator_name: string;
  business_type: BusinessType | null;
  business_name: string | null;
  business_registration_number: string | null;
}

export function statementFilename(row: Pick<StatementRow, 'id' | 'year' | 'month'>, format: 'pdf' | 'csv') {
  return `fanmission-statement-${row.year}-${String(row.month).padStart(2, '0')}-${row.id}.${format}`;
}

const monthLabel = (row: Pick<StatementRow, 'year' | 'month'>) => `${row.year}-${String(row.month).padStart(2, '0')}`;
const kst = (instant: Date) => new Date(instant.getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);

function amountRows(row: StatementRow & StatementPayee, language: Language, now: Date): Array<[string, string]> {
  const label = LABELS[language];
  const amount = (value: number | string) => formatNumber(Number(value));
  const due = row.due_date;
  const unpaid = due !== null && row.status !== 'CARRIED_OVER' && due < koreaDate(now) ? label.overdue : label.no;
  const business =
    row.business_type && row.business_type !== 'NONE'
      ? [label.businessTypes[row.business_type], row.business_name, row.business_registration_number]
          .filter((part) => part)
          .join(' · ')
      : label.businessTypes.NONE;
  return [
    [label.payee, row.creator_name],
    [label.creatorId, String(row.creator_id)],
    [
      label.account,
      [row.bank_name, row.bank_account_number, row.bank_account_holder].filter((part) => part).join(' ') || '-',
    ],
    [label.business, business],
    [label.statement, String(row.id)],
    [label.month, monthLabel(row)],
    [label.created, kst(row.created_at)],
    [label.status, label.statuses[row.status]],
    [label.grade, label.grades[row.grade]],
    [label.monthCoins, amount(row.month_coins)],
    [label.carriedCoins, amount(row.carried_coins)],
    [label.totalEarningCoin, amount(row.total_earning_coin)],
    [label.gross, amount(row.gross)],
    [label.income, amount(row.income)],
    [`${label.pgFee} ${Number(row.pg_fee_rate)}%`, amount(row.pg_fee)],
    [`${label.fatkatFee} ${Number(row.fatkat_fee_rate)}%`, amount(row.fatkat_fee)],
    [`${label.overseasFee} ${Number(row.overseas_fee_rate)}%`, amount(row.overseas_fee)],
    [`${label.taxWithheld} ${Number(row.tax_rate)}%`, amount(row.tax_withheld)],
    [`${label.localTaxWithheld} ${Number(row.local_tax_rate)}%`, amount(row.local_tax_withheld)],
    [label.toReceipt, amount(row.to_receipt)],
    [label.dueDate, due ?? '-'],
    [label.paid, row.status === 'PAID' ? label.yes : unpaid],
  ];
}

/** A statement line's cells, in the order of the CSV's and the PDF's header. */
const lineCells = (line: StatementLine, language: Language): string[] => [
  line.mission_id === null ? '' : String(line.mission_id),
  line.mission_type
    ? (LABELS[language].types[line.mission_type as keyof (typeof LABELS)['ko']['types']] ?? line.mission_type)
    : '',
  line.product_name ?? '',
  line.username ?? '',
  formatNumber(line.coins),
  kst(line.released_at),
];

export function statementCsv(
  row: StatementRow & StatementPayee,
  lines: StatementLine[],
  language: Language,
  now: Date,
): string {
  const label = LABELS[language];
  const records: string[][] = amountRows(row, language, now).map(([name, value]) => [name, value]);
  records.push([]);
  records.push([label.missionId, label.type, label.product, label.requester, label.coins, label.released]);
  for (const line of lines) {
    records.push(lineCells(line, language));
  }
  return csvDocument(records);
}

/** Noto Sans CJK as Debian installs it (fonts-noto-cjk); the Korean face of the collection. */
export const CJK_FONT_CANDIDATES = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJKkr-Regular.otf',
];

export function cjkFont(configuredPath?: string): { path: string; family?: string } {
  const path = configuredPath ?? CJK_FONT_CANDIDATES.find((candidate) => existsSync(candidate));
  if (!path) {
    throw new Error(
      `no CJK font for statement PDFs: install fonts-noto-cjk (${CJK_FONT_CANDIDATES[0]}) or set STATEMENT_FONT_PATH`,
    );
  }
  return { path, ...(path.endsWith('.ttc') && { family: 'NotoSansCJKkr-Regular' }) };
}

export async function statementPdf(
  row: StatementRow & StatementPayee,
  lines: StatementLine[],
  language: Language,
  now: Date,
  fontPath?: string,
): Promise<Buffer> {
  const label = LABELS[language];
  const font = cjkFont(fontPath);
  // Loaded on first use: pdfkit and its font stack cost about a second at every start of the server otherwise.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `${label.title} ${monthLabel(row)}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  if (font.family) doc.registerFont('cjk', font.path, font.family);
  else doc.registerFont('cjk', font.path);
  doc.font('cjk');
  doc.fontSize(18).text(`Fanmission ${label.title}`, { align: 'left' });
  doc.moveDown(0.3).fontSize(11).fillColor('#555').text(monthLabel(row)).fillColor('#000');
  doc.moveDown();
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  doc.fontSize(10);
  for (const [name, value] of amountRows(row, language, now)) {
    const y = doc.y;
    doc.text(name, left, y, { width: width * 0.6 });
    doc.text(value, left + width * 0.6, y, { width: width * 0.4, align: 'right' });
    doc.moveDown(0.25);
  }
  doc.moveDown().fontSize(12).text(label.lines, left);
  doc.moveDown(0.3).fontSize(9);
  const columns = [0, 0.14, 0.26, 0.58, 0.78, 0.88];
  const header = [label.missionId, label.type, label.product, label.requester, label.coins, label.released];
  const writeRow = (cells: string[]) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 20) doc.addPage();
    const y = doc.y;
    cells.forEach((cell, index) => {
      const from = columns[index]!;
      const to = columns[index + 1] ?? 1;
      doc.text(cell, left + width * from, y, { width: width * (to - from) - 4, lineBreak: false, ellipsis: true });
    });
    doc.moveDown(0.2);
  };
  writeRow(header);
  for (const line of lines) {
    writeRow(lineCells(line, language));
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
