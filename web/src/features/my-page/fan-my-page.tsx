import { CREATOR_REVIEW_DAYS } from '@fanmission/contracts';
import MonetizationOnOutlined from '@mui/icons-material/MonetizationOnOutlined';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import VerifiedUserOutlined from '@mui/icons-material/VerifiedUserOutlined';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { useCoinBalance } from '../../shared/api/coin-balance';
import { fetchCurrentUser, refreshCurrentUser, useCurrentUser } from '../../shared/api/current-user';
import { storeCurrentUser, useSession } from '../../shared/session/session';
import { EventPopup } from '../../shared/popups/event-popup';
import { MyPageTabPanel } from './tab-panel';
import { changeToCreator, removeProfileImage, uploadProfileImage } from './api/profile';
import { useTabList, type MyPageTab } from './api/tab-lists';
import { MyRollsLink } from '../../shared/fairness/my-rolls-link';
import { InitialsAvatar } from '../../shared/cards/pictures';

/** `/user-mypage`: profile, coins, the tabs (requests waiting among them) and the change-to-creator modal. */
export function FanMyPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { data: user } = useCurrentUser();
  const [tab, setTab] = useState<MyPageTab>('follow');
  const balance = useCoinBalance();
  const rejected = useTabList('rejected', session.userId);
  const rejectedCount = rejected.data?.pages[0]?.totalElements ?? 0;
  const tabs: MyPageTab[] = [
    'follow',
    'completed',
    'pending',
    'reserved',
    'liked',
    ...(rejectedCount > 0 ? ['rejected' as const] : []),
  ];

  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3 }}>
        {t('myPage.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 }, borderRadius: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ alignItems: { sm: 'center' } }}>
          <ProfilePhoto
            imageUrl={user?.imageUrl ?? session.imageUrl}
            hasImage={Boolean(user?.image)}
            name={user?.username ?? session.userName ?? ''}
          />
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h5" sx={{ fontWeight: 800 }}>
              {user?.username ?? session.userName}
            </Typography>
            <Typography color="text.secondary" sx={{ wordBreak: 'break-all' }}>
              {user?.email}
            </Typography>
            {user?.adultVerifiedAt && (
              <Chip
                icon={<VerifiedUserOutlined />}
                label={t('adultGate.verified')}
                color="success"
                variant="outlined"
                size="small"
                sx={{ mt: 1 }}
              />
            )}
            <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center' }}>
              <MonetizationOnOutlined color="warning" />
              <Link component={RouterLink} to="/my-coins" underline="hover" color="inherit">
                <Typography component="span" aria-label={t('myPage.coins')} sx={{ fontWeight: 700 }}>
                  {t('myPage.coins')}: {t('myPage.coinUnit', { count: balance.data?.point ?? 0 })}
                </Typography>
              </Link>
            </Stack>
          </Box>
          <Stack spacing={1} sx={{ minWidth: 180 }}>
            <Button component={RouterLink} to="/edit-user-profile" variant="outlined">
              {t('myPage.editProfile')}
            </Button>
            <Button component={RouterLink} to="/coin-history" variant="outlined">
              {t('myPage.coinHistory')}
            </Button>
            <Button component={RouterLink} to="/my-coins" variant="outlined">
              {t('coinRefunds.myCoins')}
            </Button>
            <MyRollsLink />
            <ChangeToCreator />
          </Stack>
        </Stack>
      </Paper>

      <Tabs
        value={tab}
        onChange={(_, value: MyPageTab) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mt: 4, mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((name) => (
          <Tab key={name} value={name} label={t(`myPage.tabs.${name}`)} />
        ))}
      </Tabs>
      <MyPageTabPanel key={tab} tab={tab} userId={session.userId} />
      <EventPopup state="loggedOn" />
    </Container>
  );
}

/** The user's photo, else their initials on their colour (shared/cards/pictures.tsx); a click changes it. */
function ProfilePhoto({ imageUrl, hasImage, name }: { imageUrl: string; hasImage: boolean; name: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  /** The upload's percent while one runs (resumable: a dropped connection goes on where it stopped). */
  const [percent, setPercent] = useState<number | null>(null);

  const refresh = () => refreshCurrentUser(queryClient);
  const upload = async (file: File) => {
    setBusy(true);
    setPercent(0);
    try {
      await uploadProfileImage(session.userId, file, setPercent);
      await refresh();
    } catch {
      void showAlert(t('myPage.photoFailed'));
    } finally {
      setBusy(false);
      setPercent(null);
    }
  };
  const remove = async () => {
    setAnchor(null);
    setBusy(true);
    try {
      await removeProfileImage(session.userId);
      await refresh();
    } catch {
      void showAlert(t('myPage.photoFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Badge
        overlap="circular"
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        // In the phone's column the badge box would stretch to the full width and take the camera to its far end.
        sx={{ alignSelf: { xs: 'flex-start', sm: 'auto' } }}
        badgeContent={<PhotoCamera sx={{ fontSize: 18, bgcolor: '#fff', borderRadius: '50%', p: 0.3 }} />}
      >
        <IconButton
          aria-label={t('myPage.photoEdit')}
          disabled={busy}
          onClick={(event) => (hasImage ? setAnchor(event.currentTarget) : input.current?.click())}
          sx={{ p: 0 }}
        >
          <InitialsAvatar name={name} seed={session.userId ?? 0} src={imageUrl} size={96} />
          {percent !== null ? (
            <CircularProgress
              variant="determinate"
              value={percent}
              size={104}
              thickness={2.5}
              aria-label={t('upload.sending', { percent })}
              sx={{ position: 'absolute', top: -4, left: -4 }}
            />
          ) : null}
        </IconButton>
      </Badge>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-label={t('myPage.photoChange')}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem
          onClick={() => {
            setAnchor(null);
            input.current?.click();
          }}
        >
          {t('myPage.photoChange')}
        </MenuItem>
        <MenuItem onClick={() => void remove()}>{t('myPage.photoRemove')}</MenuItem>
      </Menu>
    </>
  );
}

/** The irreversible switch to a creator account, behind a warning. */
function ChangeToCreator() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await changeToCreator(session.userId);
      storeCurrentUser(await fetchCurrentUser());
      setOpen(false);
      void navigate('/newbie-creator-mypage', { replace: true });
    } catch {
      setBusy(false);
      void showAlert(t('myPage.switchFailed'));
    }
  };
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)}>
        {t('myPage.changeToCreator')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="xs" fullWidth>
        <DialogTitle sx={{ fontWeight: 800 }}>{t('myPage.switchTitle')}</DialogTitle>
        <DialogContent>
          <Alert severity="warning">{t('myPage.switchWarning', CREATOR_REVIEW_DAYS)}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
          <Button onClick={() => void confirm()} variant="contained" color="error" disabled={busy}>
            {t('myPage.switchConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
