import { sql, type Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The terms in versions. Each kind (service terms, privacy policy, operating policy) has versions with an effective
// date, a summary and the full text in ko, en and ja; members accept the versions in force (one row per member and
// version). The texts the web app showed until now become each kind's version 1, in force since the service began;
// a member who joined before a version took effect is asked to accept it, so members of today owe nothing for them.
// A version's notice (a notification and a mail to every member) advances in batches along users.id: the cursors
// say how far it went, `notice_sent_at` when it ended.

const SERVICE_START = '2025-01-01T00:00:00+09:00';

/** Version 1 of each kind as the web app showed it: a line `## …` is a heading, blank lines separate paragraphs. */
const FIRST_VERSIONS: Record<string, Record<'ko' | 'en' | 'ja', string>> = {
  terms: {
    ko: '## 제1조 (목적)\n\n이 약관은 팬미션(이하 "회사")이 제공하는 크리에이터·팬 미션 서비스(이하 "서비스")의 이용 조건과 절차, 회사와 회원의 권리·의무를 정합니다.\n\n## 제2조 (회원)\n\n회원은 만 14세 이상이어야 하며, 만 19세 미만은 법정대리인의 동의를 받아야 합니다.\n\n크리에이터(프로듀서) 가입은 회사의 심사를 거치며 심사에는 7~14일이 걸립니다. 일반 회원이 크리에이터 계정으로 전환하면 되돌릴 수 없고 충전한 코인은 사용할 수 없게 됩니다.\n\n## 제3조 (코인)\n\n1코인은 100원입니다. 코인은 카드, 카카오페이, 휴대폰 결제, PayPal, 무통장 입금으로 충전하며 무통장 입금은 평일 10:00~19:00에 2시간 이내에 반영됩니다.\n\n충전 코인과 후원 코인의 유효기간은 충전 또는 수령일로부터 5년이며, 기간이 지나면 소멸합니다.\n\n충전 후 7일 이내에 사용하지 않은 코인은 청약을 철회할 수 있으며, 환불은 3영업일 이내에 처리됩니다. 7일이 지났거나 일부를 사용한 경우 보유 코인에서 3%를 공제하고 환불합니다. 후원·무료·선물 받은 코인은 환불되지 않습니다.\n\n해외 결제는 정산 시 10%의 세금이 공제됩니다.\n\n## 제4조 (미션)\n\n기본·럭키 미션은 요청 또는 당첨일로부터 10일 이내에 수행되어야 하며, 수행되지 않은 미션은 10일 후 자동으로 환불됩니다. 커스텀 미션은 30일 이내에 수락 여부가 결정됩니다.\n\n추첨 이벤트는 응모 마감 후 14일 이내에 추첨을 마치며, 경품은 발표 후 7일 이내에 지급됩니다.\n\n## 제5조 (약관의 변경과 계약 해지)\n\n회사는 약관을 변경할 때 시행일 15일 전(회원에게 불리한 변경은 30일 전)에 공지합니다.\n\n회사가 이용계약을 해지하는 경우 회원은 30일 이내에 이의를 제기할 수 있습니다.\n\n## 제6조 (고객센터)\n\n고객센터 운영 시간은 평일 11:00–19:00입니다.',
    en: '## Article 1 (Purpose)\n\nThese terms set out the conditions and procedures for using the creator and fan mission service (the "Service") provided by Fanmission (the "Company"), and the rights and duties of the Company and its members.\n\n## Article 2 (Members)\n\nMembers must be at least 14 years old; members under 19 need the consent of a parent or guardian.\n\nCreator (producer) sign-up goes through a review by the Company that takes 7 to 14 days. A member who switches to a creator account cannot switch back, and charged coins become unusable.\n\n## Article 3 (Coins)\n\nOne coin equals 100 won. Coins are charged by card, KakaoPay, mobile phone billing, PayPal or bank deposit; a bank deposit is credited within 2 hours on weekdays between 10:00 and 19:00.\n\nCharged and supported coins are valid for 5 years from the charge or receipt and then expire.\n\nUnused coins may be withdrawn within 7 days of the charge; refunds are made within 3 business days. After 7 days, or after partial use, the held coins are refunded minus 3%. Supported, free and received coins are non-refundable.\n\nSettlement of overseas payments deducts 10% tax.\n\n## Article 4 (Missions)\n\nBasic and lucky missions must be performed within 10 days of the request or win; missions not performed are refunded automatically after 10 days. Custom missions are decided within 30 days.\n\nDraw events are drawn within 14 days of the entry deadline, and prizes are delivered within 7 days of the announcement.\n\n## Article 5 (Changes and termination)\n\nChanges to these terms are announced 15 days before they take effect (30 days for changes unfavourable to members).\n\nA member may object to a termination of the contract by the Company within 30 days.\n\n## Article 6 (Support)\n\nCustomer support is open on weekdays 11:00–19:00.',
    ja: '## 第1条（目的）\n\n本規約は、ファンミッション（以下「当社」）が提供するクリエイター・ファンミッションサービス（以下「本サービス」）の利用条件と手続き、当社と会員の権利・義務を定めます。\n\n## 第2条（会員）\n\n会員は14歳以上である必要があり、19歳未満の方は保護者の同意が必要です。\n\nクリエイター（プロデューサー）登録は当社の審査を経て行われ、審査には7〜14日かかります。一般会員がクリエイターアカウントに切り替えると元に戻せず、チャージしたコインは使えなくなります。\n\n## 第3条（コイン）\n\n1コインは100ウォンです。コインはカード、KakaoPay、携帯電話決済、PayPal、銀行振込でチャージでき、銀行振込は平日10:00〜19:00に2時間以内に反映されます。\n\nチャージしたコインと応援コインの有効期限はチャージまたは受領日から5年で、期限後は失効します。\n\nチャージ後7日以内の未使用コインは申込みを撤回でき、返金は3営業日以内に行います。7日経過後または一部使用後は、保有コインから3%を差し引いて返金します。応援・無料・受け取ったコインは返金できません。\n\n海外決済の精算時には10%の税金が差し引かれます。\n\n## 第4条（ミッション）\n\nベーシック・ラッキーミッションはリクエストまたは当選日から10日以内に実施されなければならず、実施されなかったミッションは10日後に自動で返金されます。カスタムミッションは30日以内に承諾可否が決まります。\n\n抽選イベントは応募締切後14日以内に抽選を終え、賞品は発表後7日以内にお届けします。\n\n## 第5条（規約の変更と契約解除）\n\n当社は規約を変更する場合、施行日の15日前（会員に不利な変更は30日前）に告知します。\n\n当社が利用契約を解除した場合、会員は30日以内に異議を申し立てることができます。\n\n## 第6条（サポート）\n\nカスタマーサポートの営業時間は平日11:00–19:00です。',
  },
  privacy: {
    ko: '## 1. 수집하는 개인정보\n\n회원가입: 이메일, 닉네임, 비밀번호, 생년월일, 휴대폰 번호(선택), 주소(선택).\n\n결제: 결제 수단 정보, 입금자명, 현금영수증 번호. 이벤트 응모: 실명, 연락처, 주소.\n\n## 2. 이용 목적\n\n회원 관리, 미션 요청과 수행, 코인 충전과 환불, 크리에이터 정산, 이벤트 경품 배송, 고객 문의 응대.\n\n## 3. 보유 및 이용 기간\n\n계약 또는 청약철회, 대금 결제 및 재화 공급에 관한 기록: 5년.\n\n소비자 불만 또는 분쟁 처리, 신용정보 수집·처리에 관한 기록: 3년.\n\n회원 정보: 탈퇴 후 1년.\n\n## 4. 파기\n\n보유 기간이 끝난 개인정보는 5일 이내에 복구할 수 없는 방법으로 파기합니다.\n\n## 5. 문의\n\n개인정보 관련 문의는 고객센터(평일 11:00–19:00)로 해 주세요.',
    en: '## 1. Personal data collected\n\nSign-up: e-mail, nickname, password, date of birth, phone (optional), address (optional).\n\nPayments: payment method details, depositor name, cash receipt number. Event entries: real name, phone, address.\n\n## 2. Purposes\n\nMember management, mission requests and performance, coin charges and refunds, creator settlement, prize delivery and customer support.\n\n## 3. Retention\n\nRecords of contracts, withdrawals, payments and supply: 5 years.\n\nRecords of complaints, disputes and credit information: 3 years.\n\nMembership data: 1 year after withdrawal.\n\n## 4. Destruction\n\nPersonal data is destroyed irreversibly within 5 days after its retention period ends.\n\n## 5. Contact\n\nPrivacy questions: customer support, weekdays 11:00–19:00.',
    ja: '## 1. 収集する個人情報\n\n会員登録：メールアドレス、ニックネーム、パスワード、生年月日、電話番号（任意）、住所（任意）。\n\n決済：決済手段の情報、振込名義、現金領収書番号。イベント応募：氏名、連絡先、住所。\n\n## 2. 利用目的\n\n会員管理、ミッションのリクエストと実施、コインのチャージと返金、クリエイターの精算、賞品の配送、お問い合わせ対応。\n\n## 3. 保有期間\n\n契約・申込み撤回、代金決済、商品供給に関する記録：5年。\n\n消費者の苦情・紛争処理、信用情報に関する記録：3年。\n\n会員情報：退会後1年。\n\n## 4. 破棄\n\n保有期間が終了した個人情報は、5日以内に復元できない方法で破棄します。\n\n## 5. お問い合わせ\n\n個人情報に関するお問い合わせはカスタマーサポート（平日11:00–19:00）までどうぞ。',
  },
  operating: {
    ko: '## 1. 콘텐츠 규정\n\n음란물, 폭력, 혐오, 타인의 권리를 침해하는 콘텐츠와 허위 정보는 금지되며 운영자가 차단할 수 있습니다. 운영자는 댓글 작성을 제한할 수 있습니다.\n\n차단에 대한 이의는 차단일로부터 30일 이내에 제기할 수 있습니다. 첨부 이미지는 5MB, 미션 영상은 500MB 이하만 올릴 수 있습니다.\n\n## 2. 미션 기한\n\n기본·럭키 미션: 요청 또는 당첨일로부터 10일. 커스텀 미션: 30일 이내 수락 결정. 추첨 이벤트: 응모 마감 후 14일 이내 추첨.\n\n럭키 미션 미수행 시 3일 이내에 사용한 코인 전액을 돌려드리며, 응모권 1장당 1,000원이 사용 코인보다 크면 그 차액을 최대 100코인까지 크리에이터의 수익에서 추가로 보상합니다.\n\n## 3. 제재\n\n기한 미준수 1회: 경고. 2회: 7일간 새 요청 차단 및 등급 하향. 3회: 로그인 차단 및 환불 의무.\n\n## 4. 정산\n\n매월 1일부터 말일까지의 코인을 다음 달 10일까지 지급합니다(주말·공휴일이면 다음 영업일). 최소 500코인(해외 계좌로 받는 외국인은 1,000코인) 미만은 이월됩니다.\n\n해외 계좌는 5%의 수수료가 추가되며, 서비스 수수료 15%, 결제 수수료 10%가 적용됩니다. 정산 내역서는 연 12회까지 요청할 수 있습니다.\n\n## 5. 회원 등급\n\n실버: 코인당 60원. 골드: 코인당 70원(기한 내 완료 미션 10건 이상). 다이아몬드: 코인당 80원(상위 약 10%). 등급은 운영자가 매월 심사해 정합니다.',
    en: "## 1. Content rules\n\nObscene, violent or hateful content, content infringing the rights of others and false information are forbidden and may be blocked by the operator, who may also restrict comment writing.\n\nObjections to a block may be raised within 30 days. Attached images may be at most 5 MB, mission media at most 500 MB.\n\n## 2. Mission deadlines\n\nBasic and lucky missions: 10 days from the request or win. Custom missions: decided within 30 days. Draw events: drawn within 14 days of the entry deadline.\n\nAn unperformed lucky mission is compensated within 3 days: every coin its rolls used comes back, and where 1,000 won per entry ticket is more, the difference up to 100 coins is added out of the creator's earnings.\n\n## 3. Penalties\n\nMissed deadline 1: a warning. 2: new requests blocked for 7 days and the grade lowered. 3: login blocked with a duty to refund.\n\n## 4. Settlement\n\nCoins from the 1st to the end of each month are paid by the 10th of the next month (the next business day on weekends and holidays). Amounts below 500 coins (1,000 for foreigners paid to overseas accounts) carry over.\n\nOverseas accounts carry an extra 5% fee; the service fee is 15% and the payment fee 10%. Statements can be requested up to 12 times a year.\n\n## 5. Member grades\n\nSilver: 60 won per coin. Gold: 70 won per coin (at least 10 missions done on time). Diamond: 80 won per coin (about the top 10%). The operator decides grades in a monthly review.",
    ja: '## 1. コンテンツ規定\n\nわいせつ・暴力・差別的なコンテンツ、他人の権利を侵害するコンテンツ、虚偽の情報は禁止され、運営者がブロックすることがあります。運営者はコメントの投稿を制限できます。\n\nブロックへの異議はブロック日から30日以内に申し立てられます。添付画像は5MB、ミッションのメディアは500MBまでです。\n\n## 2. ミッションの期限\n\nベーシック・ラッキーミッション：リクエストまたは当選日から10日。カスタムミッション：30日以内に承諾を決定。抽選イベント：応募締切後14日以内に抽選。\n\nラッキーミッションが実施されない場合、3日以内に使用したコインを全額返還し、応募券1枚あたり1,000ウォンが使用コインより多い場合は、その差額を最大100コインまでクリエイターの収益から追加で補償します。\n\n## 3. ペナルティ\n\n期限超過1回目：警告。2回目：7日間新規リクエストを停止し等級を引き下げ。3回目：ログイン停止および返金義務。\n\n## 4. 精算\n\n毎月1日から月末までのコインを翌月10日までにお支払いします（週末・祝日の場合は翌営業日）。500コイン（海外口座で受け取る外国人は1,000コイン）未満は繰り越されます。\n\n海外口座には5%の手数料が追加され、サービス手数料15%、決済手数料10%がかかります。精算明細書は年12回まで請求できます。\n\n## 5. 会員等級\n\nシルバー：1コイン60ウォン。ゴールド：1コイン70ウォン（期限内に完了したミッション10件以上）。ダイヤモンド：1コイン80ウォン（上位約10%）。等級は運営者が毎月の審査で決定します。',
  },
};

const FIRST_SUMMARY = {
  ko: '서비스 시작 시점의 최초 버전입니다.',
  en: 'The first version, in force since the service began.',
  ja: 'サービス開始時点の最初の版です。',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table terms_versions (
      id bigint generated always as identity primary key,
      kind text not null check (kind in ('terms', 'privacy', 'operating')),
      version integer not null check (version > 0),
      effective_at timestamptz not null,
      unfavourable boolean not null default false,
      summary jsonb not null,
      body jsonb not null,
      published_by bigint references users (id) on delete set null,
      published_at timestamptz not null,
      withdrawn_at timestamptz,
      withdrawn_by bigint references users (id) on delete set null,
      notice_notified_through bigint not null default 0,
      notice_mailed_through bigint not null default 0,
      notice_sent_at timestamptz,
      unique (kind, version)
    )
  `.execute(db);
  await sql`create index terms_versions_in_force on terms_versions (kind, effective_at desc) where withdrawn_at is null`.execute(
    db,
  );
  await sql`create index terms_versions_notice_pending on terms_versions (id) where notice_sent_at is null`.execute(db);
  await sql`
    create table terms_acceptances (
      user_id bigint not null references users (id) on delete cascade,
      terms_version_id bigint not null references terms_versions (id),
      accepted_at timestamptz not null,
      primary key (user_id, terms_version_id)
    )
  `.execute(db);
  for (const [kind, body] of Object.entries(FIRST_VERSIONS)) {
    await sql`
      insert into terms_versions (kind, version, effective_at, summary, body, published_at, notice_sent_at)
      values (${kind}, 1, ${SERVICE_START}, ${JSON.stringify(FIRST_SUMMARY)}::jsonb, ${JSON.stringify(body)}::jsonb,
              ${SERVICE_START}, ${SERVICE_START})
    `.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table terms_acceptances`.execute(db);
  await sql`drop table terms_versions`.execute(db);
}
