import {
  creatorPagePath,
  DEFAULT_PROFILE_IMAGE,
  PAGE_SIZES,
  type CreatorPage as CreatorPageData,
  type MissionProduct,
  type MissionView,
  type Page,
  type SnsLink,
} from '@fanmission/contracts';
import Facebook from '@mui/icons-material/Facebook';
import Instagram from '@mui/icons-material/Instagram';
import LiveTv from '@mui/icons-material/LiveTv';
import MusicNote from '@mui/icons-material/MusicNote';
import Share from '@mui/icons-material/Share';
import Videocam from '@mui/icons-material/Videocam';
import YouTube from '@mui/icons-material/YouTube';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { showAlert } from '../../shared/alert/alert';
import { api, ApiError } from '../../shared/api/client';
import { useSession, type Session } from '../../shared/session/session';
import { LuckyRouletteDialog } from './lucky-roulette-dialog';
import { MissionRequestDialog } from './mission-request-dialog';
import { placeholderThumbnail } from '../../shared/ui/mission-placeholder';

export const REQUEST_TABS = ['BASIC', 'LUCKY', 'CUSTOM'] as const;
export type RequestTab = (typeof REQUEST_TABS)[number];

/** 02 §2: BASIC if any such mission exists, else LUCKY, else CUSTOM; null when there is none at all. */
export function initialTab(products: readonly Pick<MissionProduct, 'type'>[]): RequestTab | null {
  return REQUEST_TABS.find((type) => products.some((product) => product.type === type)) ?? null;
}

/** What pressing "request" does for the current session (01 §6, 02 §6). */
export type RequestGate = 'login' | 'creator' | 'unverified' | 'allowed';
export function requestGate(session: Pick<Session, 'token' | 'creatorId' | 'isVerified'>): RequestGate {
  if (!session.token) return 'login';
  if (session.creatorId !== null) return 'creator';
  if (session.isVerified === false) return 'unverified';
  return 'allowed';
}

type Loaded =
  { state: 'loading' } | { state: 'shown'; page: CreatorPageData } | { state: 'gone' } | { state: 'pending-review' };

/** The creator and what to do with the answer (02 §2 not-found and pending-review rules). */
function useCreator(idOrUrl: string, session: Session): Loaded {
  const query = useQuery({
    queryKey: ['creator-page', idOrUrl],
    queryFn: async () => (await api<CreatorPageData>(creatorPagePath(idOrUrl), { globalErrors: 'none' })).data,
  });
  if (query.isPending) return { state: 'loading' };
  if (query.isError || !query.data) {
    if (!(query.error instanceof ApiError)) console.warn('creator fetch failed', query.error);
    return { state: 'gone' };
  }
  const { creator } = query.data;
  if (!creator.verified) {
    const own = session.creatorId === creator.id && session.userId === creator.user.id;
    return own ? { state: 'pending-review' } : { state: 'gone' };
  }
  return { state: 'shown', page: query.data };
}

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

  if (loaded.state !== 'shown') {
    return (
      <Box component="main" sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  return <CreatorProfile key={loaded.page.creator.id} data={loaded.page} />;
}

function CreatorProfile({ data }: { data: CreatorPageData }) {
  const { t } = useTranslation();
  const session = useSession();
  const { creator } = data;
  const isOwner = session.creatorId === creator.id && session.userId === creator.user.id;
  const picture = creator.avatar ?? creator.user.image;

  const share = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      void showAlert(t('creatorPage.shareCopied'));
    } catch {
      void showAlert(window.location.href);
    }
  };

  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={4}>
        <Box sx={{ width: { xs: '100%', md: 320 }, flexShrink: 0 }}>
          {creator.intro ? (
            <Box
              component="video"
              src={creator.intro.s3Url}
              controls
              playsInline
              aria-label={t('creatorPage.introVideo')}
              sx={{ width: '100%', aspectRatio: '9 / 16', bgcolor: '#000', borderRadius: 3 }}
            />
          ) : (
            <Box
              component="img"
              src={picture?.s3Url ?? DEFAULT_PROFILE_IMAGE}
              alt={creator.name}
              sx={{ width: '100%', aspectRatio: '9 / 16', objectFit: 'cover', borderRadius: 3, bgcolor: '#f1e6ea' }}
            />
          )}
        </Box>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mr: 1 }}>
              {creator.name}
            </Typography>
            <IconButton aria-label={t('creatorPage.share')} onClick={() => void share()}>
              <Share />
            </IconButton>
          </Stack>
          <SnsIcons links={creator.snsLinks} />
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, my: 2 }}>
            {creator.tags.map((tag) => (
              <Chip key={tag.id} label={`#${tag.name}`} variant="outlined" />
            ))}
          </Stack>
          {creator.description ? (
            <Typography sx={{ whiteSpace: 'pre-line', mb: 2 }}>{creator.description}</Typography>
          ) : null}
          <Stack direction="row" spacing={3} sx={{ mb: 2 }}>
            <Typography>
              {t('creatorPage.followers')} <strong>{data.followerCount}</strong>
            </Typography>
            <Typography>
              {t('creatorPage.likes')} <strong>{data.likeCount}</strong>
            </Typography>
          </Stack>
          {isOwner ? (
            <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
              <Button component={RouterLink} to="/edit-creator-profile" variant="outlined">
                {t('creatorPage.editProfile')}
              </Button>
              <Button component={RouterLink} to="/mission-management" variant="outlined">
                {t('creatorPage.missionManagement')}
              </Button>
            </Stack>
          ) : null}
          {data.eventProduct ? <EventCard id={data.eventProduct.id} /> : null}
        </Box>
      </Stack>
      <MissionTabs creatorId={creator.id} isOwner={isOwner} />
      <CompletedMissions creatorId={creator.id} />
    </Container>
  );
}

const SNS_ICONS: Record<SnsLink['type'], ReactNode> = {
  YOUTUBE: <YouTube />,
  AFREECA: <LiveTv />,
  TWITCH: <Videocam />,
  FACEBOOK: <Facebook />,
  TIKTOK: <MusicNote />,
  INSTAGRAM: <Instagram />,
};

function SnsIcons({ links }: { links: SnsLink[] }) {
  if (links.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5}>
      {links.map((link) => (
        <IconButton
          key={link.type}
          component="a"
          href={link.link}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={link.type}
        >
          {SNS_ICONS[link.type]}
        </IconButton>
      ))}
    </Stack>
  );
}

function EventCard({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, mb: 2 }}>
      <CardActionArea component={RouterLink} to={`/lottery-event/${id}`} sx={{ p: 2 }}>
        <Typography sx={{ fontWeight: 700 }}>{t('creatorPage.lotteryEvent')}</Typography>
      </CardActionArea>
    </Paper>
  );
}

async function fetchProducts(creatorId: number): Promise<MissionProduct[]> {
  try {
    const { data } = await api<MissionProduct[]>('/mission-products', { query: { creatorId, active: true } });
    return Array.isArray(data) ? data : [];
  } catch (error) {
    console.warn('mission products could not be loaded', error);
    return [];
  }
}

/** The Basic / Lucky / Custom tabs; one card selected at a time; the request button only for the selected card. */
function MissionTabs({ creatorId, isOwner }: { creatorId: number; isOwner: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const products = useQuery({ queryKey: ['creator-products', creatorId], queryFn: () => fetchProducts(creatorId) });
  const [chosenTab, setChosenTab] = useState<RequestTab | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [requesting, setRequesting] = useState<MissionProduct | null>(null);

  if (products.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('common.loading')} />
      </Box>
    );
  }
  const all = products.data ?? [];
  const tab = chosenTab ?? initialTab(all);
  const shown = all.filter((product) => product.type === tab);

  const request = (product: MissionProduct) => {
    switch (requestGate(session)) {
      case 'login':
        void navigate('/login');
        return;
      case 'creator':
        void showAlert(t('creatorPage.creatorCannotRequest'));
        return;
      case 'unverified':
        void navigate('/email-sent?view=suggest-user-authentication');
        return;
      default:
        setRequesting(product);
    }
  };

  return (
    <Box component="section" aria-label={t('creatorPage.missions')} sx={{ mt: 5 }}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 800, mb: 1 }}>
        {t('creatorPage.missions')}
      </Typography>
      {tab === null ? (
        <Paper variant="outlined" sx={{ py: 6, textAlign: 'center', borderRadius: 3 }}>
          <Typography color="text.secondary">{t('creatorPage.noMissions')}</Typography>
        </Paper>
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
            <Paper variant="outlined" sx={{ py: 6, textAlign: 'center', borderRadius: 3 }}>
              <Typography color="text.secondary">{t('creatorPage.noMissions')}</Typography>
            </Paper>
          ) : (
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: 'repeat(3, 1fr)',
                '@media (max-width: 991px)': { gridTemplateColumns: 'repeat(2, 1fr)' },
                '@media (max-width: 767px)': { gridTemplateColumns: '1fr' },
              }}
            >
              {shown.map((product) => (
                <ProductCard
                  key={product.id}
                  product={product}
                  selected={selected === product.id}
                  onSelect={() => setSelected(product.id)}
                  showRequest={!isOwner}
                  onRequest={() => request(product)}
                />
              ))}
            </Box>
          )}
        </>
      )}
      {requesting && requesting.type !== 'LUCKY' ? (
        <MissionRequestDialog product={requesting} onClose={() => setRequesting(null)} />
      ) : null}
      {requesting?.type === 'LUCKY' ? (
        <LuckyRouletteDialog product={requesting} onClose={() => setRequesting(null)} />
      ) : null}
    </Box>
  );
}

function ProductCard({
  product,
  selected,
  onSelect,
  showRequest,
  onRequest,
}: {
  product: MissionProduct;
  selected: boolean;
  onSelect: () => void;
  showRequest: boolean;
  onRequest: () => void;
}) {
  const { t } = useTranslation();
  const cover = product.descriptionPicture;
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-label={product.name}
      aria-current={selected ? 'true' : undefined}
      sx={{ borderRadius: 3, overflow: 'hidden', borderColor: selected ? 'primary.main' : undefined, borderWidth: 2 }}
    >
      <CardActionArea onClick={onSelect}>
        <Box
          sx={{
            height: 200,
            bgcolor: '#f1e6ea',
            backgroundImage: cover ? `url(${cover.thumbnail?.s3Url ?? cover.s3Url})` : undefined,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
          }}
        />
        <Box sx={{ p: 2 }}>
          <Typography sx={{ fontWeight: 700 }}>{product.name}</Typography>
          <Typography color="primary" sx={{ fontWeight: 700 }}>
            {product.type === 'CUSTOM'
              ? t('creatorPage.minimumCost', { count: product.minimumCost ?? 0 })
              : t('creatorPage.price', { count: product.coinPrice ?? 0 })}
          </Typography>
          {product.type === 'LUCKY' && product.winProbability !== null ? (
            <Typography variant="body2" color="text.secondary">
              {t('creatorPage.winProbability', { value: product.winProbability })}
            </Typography>
          ) : null}
          {product.description ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
              {product.description}
            </Typography>
          ) : null}
        </Box>
      </CardActionArea>
      {showRequest ? (
        <Box sx={{ px: 2, pb: 2 }}>
          <Button fullWidth variant="contained" disabled={!selected} onClick={onRequest}>
            {t('creatorPage.request')}
          </Button>
        </Box>
      ) : null}
    </Paper>
  );
}

async function fetchCompleted(creatorId: number, page: number): Promise<Page<MissionView>> {
  try {
    const { data } = await api<Page<MissionView>>('/missions/page', {
      query: { creatorId, status: 'COMPLETED', order: 'COMPLETED', page, size: PAGE_SIZES.missions },
    });
    return data;
  } catch (error) {
    console.warn('completed missions could not be loaded', error);
    return { content: [], totalPages: 0, totalElements: 0, number: 0, size: 0, last: true };
  }
}

/** Shown only when the creator has completed missions. */
function CompletedMissions({ creatorId }: { creatorId: number }) {
  const { t } = useTranslation();
  const list = useInfiniteQuery({
    queryKey: ['creator-completed', creatorId],
    initialPageParam: 0,
    queryFn: ({ pageParam }) => fetchCompleted(creatorId, pageParam),
    getNextPageParam: (last, pages) => (last.last || last.content.length === 0 ? undefined : pages.length),
  });
  const missions = list.data?.pages.flatMap((page) => page.content) ?? [];
  if (missions.length === 0) return null;
  return (
    <Box component="section" aria-label={t('creatorPage.completed')} sx={{ mt: 6 }}>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 800, mb: 2 }}>
        {t('creatorPage.completed')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: 'repeat(3, 1fr)',
          '@media (max-width: 991px)': { gridTemplateColumns: 'repeat(2, 1fr)' },
          '@media (max-width: 767px)': { gridTemplateColumns: '1fr' },
        }}
      >
        {missions.map((mission) => {
          const picture = mission.missionProduct.descriptionPicture;
          const thumbnail = mission.thumbnail?.s3Url ?? picture?.thumbnail?.s3Url ?? picture?.s3Url;
          return (
            <Paper key={mission.id} variant="outlined" sx={{ borderRadius: 3, overflow: 'hidden' }}>
              <CardActionArea component={RouterLink} to={`/mission-detail/${mission.id}`}>
                <Box
                  sx={{
                    height: 200,
                    bgcolor: '#f1e6ea',
                    backgroundImage: `url(${thumbnail ?? placeholderThumbnail(mission.id)})`,
                    backgroundSize: 'cover',
                    backgroundPosition: 'center',
                  }}
                />
                <Box sx={{ p: 2 }}>
                  <Typography noWrap sx={{ fontWeight: 700 }}>
                    {mission.missionProduct.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" noWrap>
                    {mission.user.username}
                  </Typography>
                </Box>
              </CardActionArea>
            </Paper>
          );
        })}
      </Box>
      {list.hasNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 3 }}>
          <Button variant="outlined" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {t('creatorPage.more')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
