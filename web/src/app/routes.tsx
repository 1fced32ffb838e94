import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { LandingPage } from '../features/landing/landing-page';
import { NotFoundPage } from '../features/landing/not-found-page';
import { DocumentTitle } from '../shared/navigation/document-title';
import type { Guard } from '../shared/session/session';
import { PageLoading } from '../shared/first-view';
import { Guarded } from './guarded';

/** Route-level code splitting: every page but the landing page loads on demand. */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => {
    const [module, { PageProviders }] = await Promise.all([load(), import('../shared/ui/page-providers')]);
    const Page: ComponentType = module[name];
    return {
      default: () => (
        <PageProviders>
          <Page />
        </PageProviders>
      ),
    };
  });
}

const SignInPage = page(() => import('../features/auth/sign-in-page'), 'SignInPage');
const ForgotPasswordPage = page(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage');
const PasswordResetPage = page(() => import('../features/auth/password-reset-page'), 'PasswordResetPage');
const PasswordChangePage = page(() => import('../features/account/password-change-page'), 'PasswordChangePage');
const EmailSentPage = page(() => import('../features/auth/email-sent-page'), 'EmailSentPage');
const EmailVerificationPage = page(() => import('../features/auth/email-verification-page'), 'EmailVerificationPage');
const AcceptTermsPage = page(() => import('../features/auth/accept-terms-page'), 'AcceptTermsPage');
const SignUpPage = page(() => import('../features/auth/sign-up-page'), 'SignUpPage');
const FanMyPage = page(() => import('../features/my-page/fan-my-page'), 'FanMyPage');
const EditProfilePage = page(() => import('../features/account/edit-profile-page'), 'EditProfilePage');
const FaqPage = page(() => import('../features/faq/faq-page'), 'FaqPage');
const BlockObjectionPage = page(() => import('../features/block-objection/block-objection-page'), 'BlockObjectionPage');
const TermsOfServicePage = page(() => import('../features/legal/legal-page'), 'TermsOfServicePage');
const PrivacyPolicyPage = page(() => import('../features/legal/legal-page'), 'PrivacyPolicyPage');
const OperatingPolicyPage = page(() => import('../features/legal/legal-page'), 'OperatingPolicyPage');
const CollectTermsPage = page(() => import('../features/legal/legal-page'), 'CollectTermsPage');
const CreatorSearchPage = page(() => import('../features/creator-search/creator-search-page'), 'CreatorSearchPage');
const CreatorPage = page(() => import('../features/creator-page/creator-page'), 'CreatorPage');
const NotificationsPage = page(() => import('../features/notifications/notifications-page'), 'NotificationsPage');
const MissionDetailPage = page(() => import('../features/mission-detail/mission-detail-page'), 'MissionDetailPage');
const CoinHistoryPage = page(() => import('../features/coins/coin-history-page'), 'CoinHistoryPage');
const MyCoinsPage = page(() => import('../features/coins/my-coins-page'), 'MyCoinsPage');
const BrowseMissionsPage = page(() => import('../features/browse-missions/browse-missions-page'), 'BrowseMissionsPage');
const CreatorSignUpPage = page(() => import('../features/creator-studio/creator-sign-up-page'), 'CreatorSignUpPage');
const CreatorAccountPage = page(() => import('../features/creator-studio/creator-account-page'), 'CreatorAccountPage');
const CreatorRegistrationPage = page(
  () => import('../features/creator-studio/creator-registration-page'),
  'CreatorRegistrationPage',
);
const NewbieCreatorPage = page(() => import('../features/creator-studio/newbie-creator-page'), 'NewbieCreatorPage');
const EditCreatorProfilePage = page(
  () => import('../features/creator-studio/edit-creator-profile-page'),
  'EditCreatorProfilePage',
);
const MissionManagementIndex = page(
  () => import('../features/creator-studio/missions/mission-management-page'),
  'MissionManagementIndex',
);
const BasicProductsPage = page(
  () => import('../features/creator-studio/missions/mission-management-page'),
  'BasicProductsPage',
);
const LuckyProductsPage = page(
  () => import('../features/creator-studio/missions/mission-management-page'),
  'LuckyProductsPage',
);
const MissionListPage = page(
  () => import('../features/creator-studio/missions/mission-management-page'),
  'MissionListPage',
);
const CapacityPage = page(() => import('../features/creator-studio/missions/capacity-page'), 'CapacityPage');
const LotteryEventListPage = page(
  () => import('../features/creator-studio/events/event-list-page'),
  'LotteryEventListPage',
);
const LotteryEventDetailPage = page(
  () => import('../features/creator-studio/events/event-detail-page'),
  'LotteryEventDetailPage',
);
const BankAccountPage = page(() => import('../features/creator-studio/bank-account-page'), 'BankAccountPage');
const IncomePage = page(() => import('../features/income/income-page'), 'IncomePage');
const LotteryEventPage = page(() => import('../features/lottery-event'), 'LotteryEventPage');
const MyRollsPage = page(() => import('../features/lottery-event'), 'MyRollsPage');

function guarded(guard: Guard, element: ReactNode) {
  return guard === 'public' ? element : <Guarded guard={guard}>{element}</Guarded>;
}

/** The spec's route table with each route's guard. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <DocumentTitle />
      <Routes>
        {/* Public */}
        <Route path="/" element={<LandingPage />} />
        <Route path="/creator-search" element={<CreatorSearchPage />} />
        <Route path="/collectterms" element={<CollectTermsPage />} />
        <Route path="/privacyTerms" element={<PrivacyPolicyPage />} />
        <Route path="/provideterms" element={<TermsOfServicePage />} />
        <Route path="/operating-policies" element={<OperatingPolicyPage />} />
        <Route path="/browse-missions" element={<BrowseMissionsPage />} />
        <Route path="/creator/:creatorId" element={<CreatorPage />} />
        <Route path="/signup-for-creator" element={<CreatorSignUpPage />} />
        <Route path="/get-creator-account-number" element={<CreatorAccountPage />} />
        <Route path="/email-sent" element={<EmailSentPage />} />
        <Route path="/email-sent/:viewCase" element={<EmailSentPage />} />
        <Route path="/email-verification" element={<EmailVerificationPage />} />
        <Route path="/mission-detail/:missionId" element={<MissionDetailPage />} />
        <Route path="/lottery-event/:lotteryId" element={<LotteryEventPage />} />
        <Route path="/faq" element={<FaqPage />} />
        <Route path="/block-objection" element={<BlockObjectionPage />} />
        <Route path="/not-found" element={<NotFoundPage />} />

        {/* Logged-in only */}
        <Route path="/password-change" element={guarded('loggedIn', <PasswordChangePage />)} />
        <Route path="/notifications" element={guarded('loggedIn', <NotificationsPage />)} />

        {/* Logged-out only */}
        <Route path="/login" element={guarded('loggedOut', <SignInPage />)} />
        <Route path="/sns-login" element={guarded('loggedOut', <SignInPage />)} />
        <Route path="/forgot-password" element={guarded('loggedOut', <ForgotPasswordPage />)} />
        <Route path="/password-reset" element={guarded('loggedOut', <PasswordResetPage />)} />
        <Route path="/signup-accept-terms" element={guarded('loggedOut', <AcceptTermsPage />)} />
        <Route path="/sign-up" element={guarded('loggedOut', <SignUpPage />)} />

        {/* Creator only */}
        <Route path="/newbie-creator-mypage" element={guarded('creator', <NewbieCreatorPage />)} />
        <Route path="/edit-creator-profile" element={guarded('creator', <EditCreatorProfilePage />)} />
        <Route path="/mission-management" element={guarded('creator', <MissionManagementIndex />)} />
        <Route path="/mission-management/normal" element={guarded('creator', <BasicProductsPage />)} />
        <Route path="/mission-management/lucky" element={guarded('creator', <LuckyProductsPage />)} />
        <Route path="/mission-management/list/:type" element={guarded('creator', <MissionListPage />)} />
        <Route path="/mission-management/lottery-event" element={guarded('creator', <LotteryEventListPage />)} />
        <Route path="/mission-management/lottery-event/:id" element={guarded('creator', <LotteryEventDetailPage />)} />
        <Route path="/mission-management/capacity" element={guarded('creator', <CapacityPage />)} />
        <Route path="/mission-management/*" element={guarded('creator', <NotFoundPage />)} />
        <Route path="/adjustment-page" element={guarded('creator', <IncomePage />)} />
        <Route path="/bank-account-change" element={guarded('creator', <BankAccountPage />)} />

        {/* Verified fan only */}
        <Route path="/user-mypage" element={guarded('verifiedFan', <FanMyPage />)} />
        <Route path="/creator-registration" element={guarded('verifiedFan', <CreatorRegistrationPage />)} />
        <Route path="/edit-user-profile" element={guarded('verifiedFan', <EditProfilePage />)} />
        <Route path="/coin-history" element={guarded('coinCharge', <CoinHistoryPage />)} />
        <Route path="/my-rolls" element={guarded('verifiedFan', <MyRollsPage />)} />
        <Route path="/my-coins" element={guarded('verifiedFan', <MyCoinsPage />)} />

        {/* Catch-all creator page, then anything deeper is unknown */}
        <Route path="/:creatorId" element={<CreatorPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
