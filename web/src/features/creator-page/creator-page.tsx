import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AdultGate } from '../../shared/adult-gate/adult-gate';
import { showAlert } from '../../shared/alert/alert';
import { useSession } from '../../shared/session/session';
import { CreatorProfile } from './components/creator-profile';
import { useCreator } from './use-creator';
import { creatorFirstView } from '../../shared/first-view';

/** `/creator/{id}` and the catch-all `/{creator_id}` (an id or a custom url). */
export function CreatorPage() {
  const { creatorId = '' } = useParams();
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const loaded = useCreator(creatorId, session);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [creatorId]);

  useEffect(() => {
    if (loaded.state === 'gone') void navigate('/not-found', { replace: true });
    if (loaded.state === 'pending-review') {
      void showAlert(t('creatorPage.pendingReview')).then(() => navigate('/newbie-creator-mypage', { replace: true }));
    }
  }, [loaded.state, navigate, t]);

  const firstView = loaded.state === 'loading' ? creatorFirstView(creatorId) : null;
  if (firstView) return firstView;
  if (loaded.state === 'adult-gate') return <AdultGate code={loaded.code} />;
  if (loaded.state !== 'shown') {
    return (
      <Box component="main" sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  return <CreatorProfile key={loaded.page.creator.id} data={loaded.page} />;
}
