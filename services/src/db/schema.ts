import type { LedgerTables } from '@fanmission/ledger';
import type { AdminTables } from '../admin/table';
import type { IdentityVerificationTables } from '../identity-verification/table';
import type { ApprovalsTables } from '../approvals/table';
import type { CoinHistoryTables } from '../coin-history/table';
import type { CoinsTables } from '../coins/table';
import type { ConsoleTables } from '../console/table';
import type { CreatorsTables } from '../creators/table';
import type { EventsTables } from '../outbox/table';
import type { FaqTables } from '../faq/table';
import type { FilesTables } from '../files/table';
import type { IncomeTables } from '../income/table';
import type { MissionProductsTables } from '../mission-products/table';
import type { MissionSocialTables } from '../mission-reads/table';
import type { MissionsTables } from '../missions/table';
import type { NotificationsTables } from '../notifications/table';
import type { PaymentsTables } from '../payments/table';
import type { PopupsTables } from '../popups/table';
import type { PushTables } from '../push/table';
import type { RatingsTables } from '../ratings/table';
import type { ReviewsTables } from '../reviews/table';
import type { UsersTables } from '../users/table';
import type { CommentsTables } from '../comments/table';
import type { LotteryEventsTables } from '../events/table';
import type { TermsTables } from '../terms/table';
import type { TrustTables } from '../trust/table';
import type { SharingTables } from '../sharing/table';

/**
 * The kysely view of the database: each domain module declares its tables in its own `table.ts`, and this file
 * reads those files only (never a module's index.ts), so the database layer sits below every module.
 */
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
    ApprovalsTables,
    ConsoleTables,
    TermsTables,
    TrustTables,
    IdentityVerificationTables,
    PushTables,
    SharingTables,
    ReviewsTables,
    RatingsTables {}
