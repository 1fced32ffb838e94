import type { LedgerTables } from '@fanmission/ledger';
import type { AdminTables } from '../admin';
import type { CoinHistoryTables } from '../coin-history';
import type { CoinsTables } from '../coins';
import type { ConsoleTables } from '../console';
import type { CreatorsTables } from '../creators';
import type { EventsTables } from '../outbox';
import type { FaqTables } from '../faq';
import type { FilesTables } from '../files';
import type { IncomeTables } from '../income';
import type { MissionProductsTables } from '../mission-products';
import type { MissionSocialTables } from '../mission-reads';
import type { MissionsTables } from '../missions';
import type { NotificationsTables } from '../notifications';
import type { PaymentsTables } from '../payments';
import type { PopupsTables } from '../popups';
import type { UsersTables } from '../users';
import type { CommentsTables } from '../comments';
import type { LotteryEventsTables } from '../events';
import type { TrustTables } from '../trust';

/** The kysely view of the database: each domain module declares its tables in its own `table.ts`. */
export interface Database
  extends
    UsersTables,
    FilesTables,
    CreatorsTables,
    FaqTables,
    PopupsTables,
    LedgerTables,
    CoinsTables,
    PaymentsTables,
    CoinHistoryTables,
    MissionProductsTables,
    MissionsTables,
    MissionSocialTables,
    EventsTables,
    NotificationsTables,
    CommentsTables,
    IncomeTables,
    LotteryEventsTables,
    AdminTables,
    ConsoleTables,
    TrustTables {}
