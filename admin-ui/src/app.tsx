import type { StaffRole } from '@fanmission/contracts';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import MoneyOffIcon from '@mui/icons-material/MoneyOff';
import OutboxIcon from '@mui/icons-material/Outbox';
import {
  Admin,
  AppBar,
  CustomRoutes,
  defaultLightTheme,
  Layout,
  Menu,
  Resource,
  UserMenu,
  useGetIdentity,
  useTranslate,
  type LayoutProps,
  type RaThemeOptions,
} from 'react-admin';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { Suspense } from 'react';
import { BrowserRouter, Route } from 'react-router';
import { authProvider } from './auth';
import { dataProvider } from './data-provider';
import { i18nProvider } from './i18n/i18n-provider';
import { useApprovalCounts } from './approval-counts';
import {
  ApprovalList,
  ApprovalShow,
  AuditLogList,
  AuditLogShow,
  BankTransferList,
  BlockObjectionList,
  BonusGrantCreate,
  BonusGrantList,
  CoinItemCreate,
  CoinItemEdit,
  CoinItemList,
  CoinRefundList,
  CoinRefundShow,
  CommentEventCreate,
  CommentEventEdit,
  CommentEventList,
  CommentList,
  CommentShow,
  ReviewList,
  ReviewShow,
  CommentRestrictionCreate,
  CommentRestrictionList,
  AdultClearanceList,
  CreatorList,
  CreatorShow,
  Dashboard,
  FaqCreate,
  FaqEdit,
  FaqList,
  GradeProposalList,
  LedgerPage,
  LedgerVerifyRunList,
  MissionList,
  MissionProductList,
  MissionShow,
  PaymentList,
  PaymentShow,
  PayoutAccountChangeList,
  PayoutAccountChangeShow,
  PenaltyList,
  PopupCreate,
  PopupEdit,
  PopupList,
  SettlementList,
  SettlementShow,
  TransferBatchList,
  TransferBatchShow,
  ShortfallsPage,
  StaffCreate,
  StaffEdit,
  StaffList,
  TagCreate,
  TagEdit,
  TagList,
  TermsVersionCreate,
  TermsVersionList,
  TermsVersionShow,
  UserList,
  UserShow,
} from './screens';

/** `/approvals` with one of its views chosen. */
const approvalsView = (view: 'waiting' | 'mine') => `/approvals?filter=${encodeURIComponent(JSON.stringify({ view }))}`;

function ConsoleMenu() {
  const translate = useTranslate();
  const counts = useApprovalCounts();
  return (
    <Menu>
      <Menu.DashboardItem />
      <Menu.Item
        to={approvalsView('waiting')}
        primaryText={`${translate('console.approvals.waiting')} (${counts?.waitingForMe ?? 0})`}
        leftIcon={<FactCheckIcon />}
      />
      <Menu.Item
        to={approvalsView('mine')}
        primaryText={`${translate('console.approvals.mine')} (${counts?.mine ?? 0})`}
        leftIcon={<OutboxIcon />}
      />
      <Menu.ResourceItems />
      <Menu.Item to="/ledger" primaryText={translate('console.ledger.title')} leftIcon={<AccountBalanceIcon />} />
      <Menu.Item
        to="/payment-reversals/shortfalls"
        primaryText={translate('console.shortfalls.title')}
        leftIcon={<MoneyOffIcon />}
      />
    </Menu>
  );
}

/** The user menu's button shows the staff member's e-mail: its accessible name is that e-mail (WCAG 2.5.3). */
function ConsoleUserMenu() {
  const { identity } = useGetIdentity();
  return <UserMenu label={identity?.fullName ?? 'ra.auth.user_menu'} />;
}

const ConsoleAppBar = () => <AppBar userMenu={<ConsoleUserMenu />} />;

/**
 * What a screen shows while its code loads (each is loaded on first use): a spinner named by its text, where
 * react-admin's own one is a progress bar without a name (axe: aria-progressbar-name).
 */
function ScreenLoading() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
      <CircularProgress aria-label={translate('ra.page.loading')} />
    </Box>
  );
}

const ConsoleLayout = ({ children, ...props }: LayoutProps) => (
  <Layout {...props} menu={ConsoleMenu} appBar={ConsoleAppBar}>
    <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
  </Layout>
);

/**
 * react-admin's light theme with WCAG 2.2 AA contrast: its app bar blue (#2196f3) reads 3.1:1 under white text, the
 * darker blue 5.8:1 (also the primary colour, for the filter and export buttons' text); list tables scroll inside
 * their own box at 768 px instead of widening the page (under 600 px their rows are cards: ConsoleList).
 */
const consoleTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    primary: { main: '#1565c0', contrastText: '#fff' },
    secondary: { light: '#6ec6ff', main: '#1565c0', dark: '#0d47a1', contrastText: '#fff' },
    // MUI's orange (#ed6c02) reads 3.1:1 on white, as the warning buttons' text (inactivate, mark failed): 5.0:1.
    warning: { main: '#b45309', contrastText: '#fff' },
    // MUI's red (#d32f2f) reads 3.8:1 on an edit form's grey toolbar (#e0e0e0, its delete button): 5.0:1.
    error: { main: '#b71c1c', contrastText: '#fff' },
  },
  components: {
    ...defaultLightTheme.components,
    // Wide lists and show pages scroll inside the content box at 768 and 360 px; the page itself never scrolls
    // sideways. react-admin's layout is `min-width: fit-content` and its flex items keep their content's width: at
    // 360 px a list's table widened the whole page (433 px for missions) instead of scrolling in its own box.
    RaLayout: {
      styleOverrides: {
        root: {
          minWidth: 0,
          '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar': { minWidth: 0 },
          '& .RaLayout-content': { minWidth: 0, overflowX: 'auto' },
          '& .RaLayout-content > *': { minWidth: 0 },
        },
      },
    },
    RaList: {
      styleOverrides: {
        root: { '& .RaList-main': { minWidth: 0 }, '& .RaList-content': { overflowX: 'auto', maxWidth: '100%' } },
      },
    },
    // A long page title never runs into the language selector: it ends in an ellipsis before it, and on a phone the
    // selector shows its icons only (its language name stays its accessible name).
    RaAppBar: {
      styleOverrides: {
        root: {
          '& #react-admin-title': { minWidth: 0, marginRight: 8 },
          '& #react-admin-title > *': { overflow: 'hidden', textOverflow: 'ellipsis' },
          '@media (max-width: 599.95px)': {
            '& .RaAppBar-toolbar button[aria-controls="simple-menu"]': {
              minWidth: 0,
              fontSize: 0,
              paddingLeft: 4,
              paddingRight: 4,
            },
          },
        },
      },
    },
    // The empty list's message is in the "disabled" grey (2.6:1): the secondary text colour instead (7:1).
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: 'rgba(0, 0, 0, 0.6)' } } } },
  },
};

/**
 * The operator and finance console under /admin/ (real URLs that survive a reload). The menu follows the role:
 * operators moderate (users, creators, missions, comments, content), finance handles money (deposits, refunds, coin
 * items, settlements); both read the ledger, the audit log, staff and the payout account history.
 */
export function App() {
  return (
    <BrowserRouter basename="/admin">
      <Admin
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        dashboard={Dashboard}
        layout={ConsoleLayout}
        theme={consoleTheme}
        title="Fanmission console"
        disableTelemetry
      >
        {(permissions: StaffRole[] | undefined) => {
          const operator = permissions?.includes('ROLE_OPERATOR') ?? false;
          const finance = permissions?.includes('ROLE_FINANCE') ?? false;
          return (
            <>
              {operator && <Resource name="users" list={UserList} show={UserShow} />}
              {/* Finance reads creators too: their payout accounts and the history of their changes. */}
              {(operator || finance) && <Resource name="creators" list={CreatorList} show={CreatorShow} />}
              {operator && <Resource name="missions" list={MissionList} show={MissionShow} />}
              {operator && <Resource name="mission-products" list={MissionProductList} />}
              {operator && <Resource name="grade-proposals" list={GradeProposalList} />}
              {operator && <Resource name="mission-comments" list={CommentList} show={CommentShow} />}
              {operator && <Resource name="mission-reviews" list={ReviewList} show={ReviewShow} />}
              {operator && (
                <Resource name="comment-restrictions" list={CommentRestrictionList} create={CommentRestrictionCreate} />
              )}
              {operator && <Resource name="creator-penalties" list={PenaltyList} />}
              {operator && <Resource name="block-objections" list={BlockObjectionList} />}
              {operator && <Resource name="faqs" list={FaqList} create={FaqCreate} edit={FaqEdit} />}
              {operator && <Resource name="popups" list={PopupList} create={PopupCreate} edit={PopupEdit} />}
              {operator && <Resource name="tags" list={TagList} create={TagCreate} edit={TagEdit} />}
              {/* Both read the terms versions; operators publish them (and withdraw one not yet in force). */}
              {(operator || finance) && (
                <Resource
                  name="terms-versions"
                  list={TermsVersionList}
                  show={TermsVersionShow}
                  create={operator ? TermsVersionCreate : undefined}
                />
              )}
              {/* Finance reads comment coin events to approve the budgets operators may not grant alone. */}
              {(operator || finance) && (
                <Resource
                  name="comment-events"
                  list={CommentEventList}
                  create={operator ? CommentEventCreate : undefined}
                  edit={operator ? CommentEventEdit : undefined}
                />
              )}
              {finance && <Resource name="bank-transfers" list={BankTransferList} />}
              {finance && <Resource name="coin-refunds" list={CoinRefundList} show={CoinRefundShow} />}
              {/* Both read payments (a fan's "paid but no coins"); finance alone cancels one at its provider. */}
              {(operator || finance) && <Resource name="payments" list={PaymentList} show={PaymentShow} />}
              {finance && (
                <Resource name="coin-items" list={CoinItemList} create={CoinItemCreate} edit={CoinItemEdit} />
              )}
              {finance && <Resource name="bonus-grants" list={BonusGrantList} create={BonusGrantCreate} />}
              {finance && <Resource name="settlements" list={SettlementList} show={SettlementShow} />}
              {finance && (
                <Resource name="settlement-transfer-batches" list={TransferBatchList} show={TransferBatchShow} />
              )}
              <Resource name="payout-account-changes" list={PayoutAccountChangeList} show={PayoutAccountChangeShow} />
              {finance && !operator && <Resource name="users" list={UserList} show={UserShow} />}
              <Resource name="ledger-verify-runs" list={LedgerVerifyRunList} />
              <Resource name="audit-log" list={AuditLogList} show={AuditLogShow} />
              {/* Both roles: each sees his own requests and those his role may approve (the server decides). */}
              <Resource name="approvals" list={ApprovalList} show={ApprovalShow} />
              <Resource name="staff" list={StaffList} create={StaffCreate} edit={StaffEdit} />
              <CustomRoutes>
                <Route path="/ledger" element={<LedgerPage />} />
                {operator && <Route path="/adult-clearances" element={<AdultClearanceList />} />}
                <Route path="/payment-reversals/shortfalls" element={<ShortfallsPage />} />
              </CustomRoutes>
            </>
          );
        }}
      </Admin>
    </BrowserRouter>
  );
}
