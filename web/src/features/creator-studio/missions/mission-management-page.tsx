import type { MyCreator } from '@fanmission/contracts';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useParams } from 'react-router';
import { Page } from '../../../shared/ui/page';
import { useMyCreator } from '../my-creator';
import { MISSION_LIST_TYPES, useMissionCounts, type MissionListType } from './api';
import { CustomSettings } from './custom-settings';
import { MissionTable } from './mission-table';
import { ProductsPanel } from './products-panel';

/** The side menu: Basic, Lucky, Custom, Completed, Rejected with count badges, and the lottery events. */
function SideMenu() {
  const { t } = useTranslation();
  const location = useLocation();
  const counts = useMissionCounts().data;
  const entries: { key: string; label: string; to: string; count?: number }[] = [
    {
      key: 'basic',
      label: t('creatorStudio.missions.menu.basic'),
      to: '/mission-management/normal',
      count: counts?.basic,
    },
    {
      key: 'lucky',
      label: t('creatorStudio.missions.menu.lucky'),
      to: '/mission-management/lucky',
      count: counts?.lucky,
    },
    {
      key: 'custom',
      label: t('creatorStudio.missions.menu.custom'),
      to: '/mission-management/list/custom',
      count: counts ? counts.customRequested + counts.customAccepted : undefined,
    },
    {
      key: 'complete',
      label: t('creatorStudio.missions.menu.complete'),
      to: '/mission-management/list/complete',
      count: counts?.completed,
    },
    {
      key: 'reject',
      label: t('creatorStudio.missions.menu.reject'),
      to: '/mission-management/list/reject',
      count: counts?.rejected,
    },
    { key: 'lottery', label: t('creatorStudio.missions.menu.lottery'), to: '/mission-management/lottery-event' },
    { key: 'capacity', label: t('capacity.settings.menu'), to: '/mission-management/capacity' },
  ];
  return (
    <List
      component="nav"
      aria-label={t('creatorStudio.missions.title')}
      // On a phone the entries wrap onto a second row: in one row that scrolled sideways, Completed, Rejected and the
      // lottery events started beyond the screen's edge with nothing to say they were there.
      sx={{
        display: 'flex',
        flexDirection: { xs: 'row', md: 'column' },
        flexWrap: { xs: 'wrap', md: 'nowrap' },
        gap: 0.5,
        p: 0,
      }}
    >
      {entries.map((entry) => (
        <ListItemButton
          key={entry.key}
          component={RouterLink}
          to={entry.to}
          selected={location.pathname === entry.to}
          sx={{ borderRadius: 2, flex: { xs: '0 0 auto', md: 'initial' } }}
        >
          <ListItemText primary={entry.label} />
          {entry.count !== undefined ? (
            // In the flow, not floating over nothing: a floating badge without a child got no width on a phone
            // and stacked its digits ("1" over "4").
            <Badge
              badgeContent={entry.count}
              color="primary"
              showZero
              max={999}
              sx={{ ml: 1, '& .MuiBadge-badge': { position: 'static', transform: 'none', whiteSpace: 'nowrap' } }}
            />
          ) : null}
        </ListItemButton>
      ))}
    </List>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Page title={t('creatorStudio.missions.title')} width="lg">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '220px 1fr' }, gap: 3 }}>
        <SideMenu />
        <Box sx={{ minWidth: 0 }}>{children}</Box>
      </Box>
    </Page>
  );
}

/** `/mission-management`: goes to the basic products. */
export function MissionManagementIndex() {
  return <Navigate to="/mission-management/normal" replace />;
}

export function BasicProductsPage() {
  return (
    <Layout>
      <ProductsPanel type="BASIC" />
    </Layout>
  );
}

export function LuckyProductsPage() {
  return (
    <Layout>
      <ProductsPanel type="LUCKY" />
    </Layout>
  );
}

const customSettingsKey = ({ customMission }: MyCreator) => `${customMission.active}:${customMission.minimumCost}`;

/** `/mission-management/list/{normal|lucky|custom|complete|reject}`. */
export function MissionListPage() {
  const { t } = useTranslation();
  const { type } = useParams();
  const [tab, setTab] = useState<'pending' | 'accepted'>('pending');
  const creator = useMyCreator();
  if (!(MISSION_LIST_TYPES as readonly string[]).includes(type ?? '')) return <Navigate to="/not-found" replace />;
  const listType = type as MissionListType;
  return (
    <Layout>
      <Typography variant="h5" component="h2" sx={{ fontWeight: 800, mb: 2 }}>
        {t(`creatorStudio.missions.list.titles.${listType}`)}
      </Typography>
      {listType === 'custom' ? (
        <>
          {creator.data ? (
            // Starts again when what is stored changes, not on every reading of the creator (his intro still being
            // made is read every few seconds): what he is typing stays.
            <CustomSettings key={customSettingsKey(creator.data)} creator={creator.data} />
          ) : null}
          <Tabs value={tab} onChange={(_, value: 'pending' | 'accepted') => setTab(value)} sx={{ my: 2 }}>
            <Tab value="pending" label={t('creatorStudio.missions.list.pending')} />
            <Tab value="accepted" label={t('creatorStudio.missions.list.accepted')} />
          </Tabs>
          <MissionTable key={tab} listType="custom" customTab={tab} />
        </>
      ) : (
        <MissionTable key={listType} listType={listType} />
      )}
    </Layout>
  );
}
