import type { MissionProduct } from '@fanmission/contracts';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showAlert } from '../../../shared/alert/alert';
import { useGoToLogin } from '../../../shared/auth/login-return';
import { useSession } from '../../../shared/session/session';
import { EmptyState, LoadingState } from '../../../shared/ui/list-states';
import { useCreatorAvailability } from '../api/availability';
import { useCreatorProducts } from '../api/creator-page';
import { MissionRequestDialog } from '../mission-request-dialog';
import type { RequestForm } from '../request-form';
import { initialTab, REQUEST_TABS, requestGate, type RequestTab } from '../request-rules';
import { useResumedRequest } from '../use-resumed-request';
import { requestBlockedReason } from './creator-availability';
import { ProductCard } from './product-card';
import { CardGrid } from '../../../shared/ui/card-grid';

// The roulette's dialog (its fairness panel and draw) loads when a fan opens it: most visits of a creator's page
// never do, and the page's first load stays within its script budget (tests/e2e/web-route-budget.test.ts).
const LuckyRouletteDialog = lazy(() =>
  import('../lucky-roulette-dialog').then((module) => ({ default: module.LuckyRouletteDialog })),
);

/**
 * The Basic / Lucky / Custom tabs; one card selected at a time (the tab's first until another is chosen); the request
 * button only for the selected card. A request left to charge coins from this page opens again as it was typed.
 */
export function MissionTabs({ creatorId, isOwner }: { creatorId: number; isOwner: boolean }) {
  const { t } = useTranslation();
  // A fan is sent to other creators' missions; the creator on his own page, to register his first one.
  const emptyMessage = t(isOwner ? 'discover.empty.ownMissions' : 'discover.empty.creatorMissions');
  const browseAction = isOwner
    ? { label: t('discover.actions.registerMission'), to: '/mission-management/normal' }
    : { label: t('discover.actions.browseMissions'), to: '/browse-missions' };
  const session = useSession();
  const navigate = useNavigate();
  const goToLogin = useGoToLogin();
  const products = useCreatorProducts(creatorId);
  const availability = useCreatorAvailability(creatorId).data;
  const [chosenTab, setChosenTab] = useState<RequestTab | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [requesting, setRequesting] = useState<MissionProduct | null>(null);
  const [draft, setDraft] = useState<RequestForm | undefined>(undefined);
  useResumedRequest(products.data, (product, form) => {
    setChosenTab(product.type);
    setSelected(product.id);
    setDraft(form);
    setRequesting(product);
  });

  if (products.isPending) {
    return <LoadingState />;
  }
  const all = products.data ?? [];
  const tab = chosenTab ?? initialTab(all);
  const shown = all.filter((product) => product.type === tab);

  const request = (product: MissionProduct) => {
    switch (requestGate(session)) {
      case 'login':
        goToLogin();
        return;
      case 'creator':
        void showAlert(t('creatorPage.creatorCannotRequest'));
        return;
      case 'unverified':
        void navigate('/email-sent?view=suggest-user-authentication');
        return;
      default:
        setDraft(undefined);
        setRequesting(product);
    }
  };

  return (
    <Box component="section" aria-label={t('creatorPage.missions')} sx={{ mt: 5 }}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 800, mb: 1 }}>
        {t('creatorPage.missions')}
      </Typography>
      {tab === null ? (
        <EmptyState py={6} message={emptyMessage} action={browseAction} />
      ) : (
        <>
          <Tabs
            value={tab}
            onChange={(_, value: RequestTab) => {
              setChosenTab(value);
              setSelected(null);
            }}
            sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
          >
            {REQUEST_TABS.map((type) => (
              <Tab key={type} value={type} label={t(`creatorPage.tabs.${type}`)} />
            ))}
          </Tabs>
          {shown.length === 0 ? (
            <EmptyState py={6} message={emptyMessage} action={browseAction} />
          ) : (
            <CardGrid>
              {shown.map((product) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  selected={(selected ?? shown[0]?.id) === product.id}
                  onSelect={() => setSelected(product.id)}
                  showRequest={!isOwner}
                  blockedReason={requestBlockedReason(t, availability, product.id)}
                  onRequest={() => request(product)}
                />
              ))}
            </CardGrid>
          )}
        </>
      )}
      {requesting && requesting.type !== 'LUCKY' ? (
        <MissionRequestDialog
          product={requesting}
          draft={draft}
          onClose={() => {
            setRequesting(null);
            setDraft(undefined);
          }}
        />
      ) : null}
      {requesting?.type === 'LUCKY' ? (
        <Suspense fallback={null}>
          <LuckyRouletteDialog product={requesting} onClose={() => setRequesting(null)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
