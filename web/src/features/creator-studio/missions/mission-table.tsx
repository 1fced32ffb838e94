import {
  DAY_MS,
  formatNumber,
  koreaDaysLeft,
  koreaMonthOf,
  type MissionView,
  type ProductType,
  SETTLEMENT,
} from '@fanmission/contracts';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDotDate } from '../../../shared/format/date';
import { creatorPath } from '../../../shared/navigation/creator-path';
import { EmptyState } from '../../../shared/ui/list-states';
import { useMyCreator } from '../my-creator';
import {
  countsQueryKey,
  useCreatorMissions,
  useCreatorMissionTotals,
  type MissionListType,
  type MissionSort,
} from './api';
import { DecisionDialog } from './decision-dialog';
import { RowOpenButton } from '../../../shared/ui/row-open-button';
import { MissionSummary } from './mission-summary';
import { PerformDialog } from './perform-dialog';

/** Days after which a row still waiting for the creator shows its date in red. */
export const DEADLINE_WARNING_DAYS = 9;

export function overdue(mission: Pick<MissionView, 'status' | 'created' | 'accepted'>, now: Date): boolean {
  if (mission.status !== 'ACCEPTED' && mission.status !== 'REQUESTED') return false;
  const since = new Date(mission.status === 'ACCEPTED' ? (mission.accepted ?? mission.created) : mission.created);
  return now.getTime() - since.getTime() > DEADLINE_WARNING_DAYS * DAY_MS;
}

/**
 * The deadline a mission waiting for its creator has (a decision for a request, a performance once accepted): its
 * D-day in Korea-time calendar days (`koreaDaysLeft`: 0 on its last day), -1 once past; null for a mission that waits
 * for nothing.
 */
export function daysLeft(mission: Pick<MissionView, 'status' | 'decisionDueAt' | 'performDueAt'>, now: Date) {
  const due =
    mission.status === 'REQUESTED'
      ? mission.decisionDueAt
      : mission.status === 'ACCEPTED'
        ? mission.performDueAt
        : null;
  if (!due) return null;
  return koreaDaysLeft(new Date(due), now);
}

const LIST_FILTERS: Record<MissionListType, { productType?: ProductType; status: string }> = {
  normal: { productType: 'BASIC', status: 'ACCEPTED' },
  lucky: { productType: 'LUCKY', status: 'ACCEPTED' },
  custom: { productType: 'CUSTOM', status: 'REQUESTED' },
  complete: { status: 'COMPLETED' },
  reject: { status: 'REJECTED' },
};

/** The list of one management type: sort buttons, columns, paging, and the row's modal. */
export function MissionTable({
  listType,
  customTab,
}: {
  listType: MissionListType;
  customTab?: 'pending' | 'accepted';
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [sort, setSort] = useState<MissionSort>('date');
  const [page, setPage] = useState(0);
  const [year, setYear] = useState<number | undefined>(undefined);
  const [month, setMonth] = useState<number | undefined>(undefined);
  const [open, setOpen] = useState<MissionView | null>(null);
  const base = LIST_FILTERS[listType];
  const status = listType === 'custom' && customTab === 'accepted' ? 'ACCEPTED' : base.status;
  const filter = { ...(base.productType && { productType: base.productType }), status, page, sort, year, month };
  const missions = useCreatorMissions(filter);
  const complete = listType === 'complete';
  const totals = useCreatorMissionTotals(
    { ...(base.productType && { productType: base.productType }), status, year, month },
    complete,
  );
  const now = new Date();
  // A decision or a performance moves a mission between lists: the lists and the side menu's badges are read again.
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['missions'] });
    void queryClient.invalidateQueries({ queryKey: countsQueryKey });
  };
  const years: number[] = [];
  // Korean years, as the list's `createdYear` counts them.
  for (let value = koreaMonthOf(now).year; value >= SETTLEMENT.incomeFirstYear; value -= 1) years.push(value);
  const content = missions.data?.content ?? [];
  // The dialog keeps the row it opened (a decision must not turn into another dialog); only the fan's attachment is
  // taken from the list as read again, so a video still being made plays once it is ready.
  const shown = open && {
    ...open,
    requestFile: content.find((mission) => mission.id === open.id)?.requestFile ?? open.requestFile,
  };
  const size = missions.data?.size ?? 12;

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={sort}
          onChange={(_, value: MissionSort | null) => {
            if (value) {
              setSort(value);
              setPage(0);
            }
          }}
        >
          <ToggleButton value="date">{t('creatorStudio.missions.list.sortDate')}</ToggleButton>
          <ToggleButton value="priceDesc">{t('creatorStudio.missions.list.sortPriceDesc')}</ToggleButton>
          <ToggleButton value="priceAsc">{t('creatorStudio.missions.list.sortPriceAsc')}</ToggleButton>
        </ToggleButtonGroup>
        {complete ? (
          <>
            <TextField
              select
              size="small"
              label={t('creatorStudio.missions.list.year')}
              value={year ?? ''}
              onChange={(event) => {
                setYear(event.target.value === '' ? undefined : Number(event.target.value));
                setPage(0);
              }}
              sx={{ minWidth: 100 }}
            >
              <MenuItem value="">{t('creatorStudio.missions.list.all')}</MenuItem>
              {years.map((value) => (
                <MenuItem key={value} value={value}>
                  {value}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('creatorStudio.missions.list.month')}
              value={month ?? ''}
              disabled={year === undefined}
              onChange={(event) => {
                setMonth(event.target.value === '' ? undefined : Number(event.target.value));
                setPage(0);
              }}
              sx={{ minWidth: 90 }}
            >
              <MenuItem value="">{t('creatorStudio.missions.list.all')}</MenuItem>
              {Array.from({ length: 12 }, (_, index) => index + 1).map((value) => (
                <MenuItem key={value} value={value}>
                  {value}
                </MenuItem>
              ))}
            </TextField>
            <Button component={RouterLink} to="/adjustment-page" variant="outlined" size="small">
              {t('creatorStudio.missions.list.adjustment')}
            </Button>
          </>
        ) : null}
      </Stack>
      {complete && totals.data ? (
        <Typography sx={{ fontWeight: 700 }} role="status">
          {t('creatorStudio.missions.list.totals', {
            count: totals.data.count,
            coins: formatNumber(totals.data.coins),
          })}
        </Typography>
      ) : null}
      <TableContainer>
        {/* On a phone the cells' side padding narrows (8 -> 6 px): with the price and the date on one line each, and
            headers short enough (Japanese breaks only between phrases), the name and the title keep a few characters a
            line. */}
        <Table
          size="small"
          aria-label={t(`creatorStudio.missions.list.titles.${listType}`)}
          sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } } }}
        >
          <TableHead>
            <TableRow>
              {/* At 360 px neither the header "번호", a price nor a date breaks over lines; names break at spaces. */}
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('creatorStudio.missions.list.number')}</TableCell>
              <TableCell>{t('creatorStudio.missions.list.requester')}</TableCell>
              <TableCell>{t('creatorStudio.missions.list.missionTitle')}</TableCell>
              <TableCell align="right">{t('creatorStudio.missions.list.coin')}</TableCell>
              <TableCell>
                {t(complete ? 'creatorStudio.missions.list.completedDate' : 'creatorStudio.missions.list.requestDate')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {content.map((mission, index) => {
              const late = overdue(mission, now);
              return (
                <TableRow key={mission.id} hover sx={{ cursor: 'pointer' }} onClick={() => setOpen(mission)}>
                  <TableCell>{page * size + index + 1}</TableCell>
                  <TableCell sx={{ wordBreak: 'keep-all', overflowWrap: 'anywhere' }}>
                    {mission.user.username}
                  </TableCell>
                  <TableCell sx={{ wordBreak: 'keep-all', overflowWrap: 'anywhere' }}>
                    <RowOpenButton onOpen={() => setOpen(mission)}>{mission.missionProduct.name}</RowOpenButton>
                    {/* The request's first line: requests can be told apart without opening each. */}
                    {mission.requestComment ? (
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        data-testid="request-first-line"
                        sx={{
                          overflow: 'hidden',
                          textOverflow: 'ellipsis',
                          whiteSpace: 'nowrap',
                          maxWidth: { xs: 80, sm: 320 },
                        }}
                      >
                        {mission.requestComment.split('\n')[0]}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatNumber(mission.coinPrice)}
                  </TableCell>
                  <TableCell
                    sx={{
                      whiteSpace: 'nowrap',
                      color: late ? 'error.main' : undefined,
                      fontWeight: late ? 700 : undefined,
                    }}
                    title={late ? t('creatorStudio.missions.list.overdue') : undefined}
                    data-overdue={late}
                  >
                    {formatDotDate(complete ? (mission.completed ?? mission.created) : mission.created)}
                    <DueIn days={complete ? null : daysLeft(mission, now)} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {missions.isSuccess && content.length === 0 ? <NoMissionsYet /> : null}
      {(missions.data?.totalPages ?? 0) > 1 ? (
        <Pagination
          count={missions.data?.totalPages ?? 1}
          page={page + 1}
          siblingCount={2}
          boundaryCount={2}
          onChange={(_, value) => setPage(value - 1)}
        />
      ) : null}
      {shown && shown.status === 'ACCEPTED' ? (
        <PerformDialog mission={shown} onClose={() => setOpen(null)} onDone={refresh} />
      ) : shown && shown.status === 'REQUESTED' ? (
        <DecisionDialog mission={shown} onClose={() => setOpen(null)} onDone={refresh} />
      ) : shown ? (
        <Dialog open onClose={() => setOpen(null)} maxWidth="xs" fullWidth>
          <DialogTitle sx={{ fontWeight: 800 }}>{t('creatorStudio.missions.list.detail')}</DialogTitle>
          <DialogContent>
            <MissionSummary mission={shown} />
          </DialogContent>
          <DialogActions>
            <Button component={RouterLink} to={`/mission-detail/${shown.id}`}>
              {t('creatorStudio.missions.list.openDetail')}
            </Button>
            <Button onClick={() => setOpen(null)}>{t('common.close')}</Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </Stack>
  );
}

/** No mission in this list yet: sharing the creator page is how requests arrive. */
function NoMissionsYet() {
  const { t } = useTranslation();
  const creator = useMyCreator().data;
  return (
    <EmptyState
      py={4}
      message={t('discover.empty.managementMissions')}
      action={creator ? { label: t('discover.actions.myCreatorPage'), to: creatorPath(creator) } : undefined}
    />
  );
}

/** Under a waiting mission's date: the days left to its deadline (missing it costs a penalty), red in its last two. */
function DueIn({ days }: { days: number | null }) {
  const { t } = useTranslation();
  if (days === null) return null;
  const text =
    days < 0
      ? t('creatorStudio.missions.list.pastDue')
      : days === 0
        ? t('creatorStudio.missions.list.dueToday')
        : t('creatorStudio.missions.list.dueIn', { days });
  return (
    <Typography
      variant="caption"
      component="div"
      data-testid="due-in"
      sx={{
        color: days <= 2 ? 'error.main' : 'text.secondary',
        fontWeight: days <= 2 ? 700 : undefined,
        // The date above stays on one line; this may wrap, so the title column keeps its width on a phone.
        whiteSpace: 'normal',
      }}
    >
      {text}
    </Typography>
  );
}
