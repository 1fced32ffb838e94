import type { EventApplicant } from '@fanmission/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../shared/api/client';
import { useApplicants, type EventProduct } from './api';

// The applicants of a lottery event as the creator sees them: a table of 5 a page whose rows open one application.

const PAGE_SIZE = 5;

function ReadMark({ read }: { read: boolean }) {
  const { t } = useTranslation();
  return (
    <Typography
      variant="body2"
      component="span"
      sx={{ color: read ? 'text.secondary' : 'primary.main', fontWeight: read ? 400 : 700 }}
    >
      {t(read ? 'eventManagement.applicants.readMark' : 'eventManagement.applicants.unreadMark')}
    </Typography>
  );
}

export function Facts({ children }: { children: ReactNode }) {
  return (
    <Stack
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 2, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}
      data-testid="event-facts"
    >
      {children}
    </Stack>
  );
}

/** One application with the private fields only the creator sees; reading it marks it read. */
export function ApplicantDialog({
  productId,
  missionId,
  preloaded,
  drawing,
  onClose,
  onPick,
}: {
  productId: number;
  missionId: number;
  preloaded?: EventApplicant;
  drawing: boolean;
  onClose: () => void;
  onPick: (applicant: EventApplicant, pick: boolean) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const applicant = useQuery({
    queryKey: ['mission-products', 'event', productId, 'applicant', missionId],
    queryFn: async () => {
      const { data } =
        preloaded !== undefined
          ? { data: preloaded }
          : await api<EventApplicant>(`/mission-products/${productId}/missions/${missionId}`);
      // The list's read marks change with this read.
      void queryClient.invalidateQueries({ queryKey: ['mission-products', 'event', productId, 'applicants'] });
      return data;
    },
  });
  const data = applicant.data;
  const row = (label: string, value: string | null | undefined) => (
    <Typography variant="body2">
      <Box component="span" sx={{ fontWeight: 700, mr: 1 }}>
        {label}
      </Box>
      {value || t('eventManagement.applicants.none')}
    </Typography>
  );
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="applicant-title">
      <DialogTitle id="applicant-title" sx={{ fontWeight: 800 }}>
        {t('eventManagement.applicants.detail')}
      </DialogTitle>
      <DialogContent>
        {data ? (
          <Stack spacing={1} data-testid="applicant-detail">
            {row(t('eventManagement.applicants.nickname'), data.user.username)}
            {row(t('eventManagement.applicants.realName'), data.event.name)}
            {row(t('eventManagement.applicants.phone'), data.event.phone)}
            {row(t('eventManagement.applicants.address'), data.event.address)}
            {row(t('eventManagement.applicants.addressDetail'), data.event.addressDetail)}
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {t('eventManagement.applicants.story')}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', bgcolor: 'action.hover', p: 1, borderRadius: 1 }}>
              {data.requestComment || t('eventManagement.applicants.none')}
            </Typography>
            {data.requestFile ? (
              <img
                src={data.requestFile.s3Url}
                alt={t('eventManagement.applicants.attachment')}
                style={{ maxWidth: '100%', borderRadius: 8 }}
              />
            ) : null}
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('eventManagement.detail.close')}</Button>
        {drawing && data ? (
          <Button variant="contained" onClick={() => onPick(data, !data.event.temporaryAccepted)}>
            {t(data.event.temporaryAccepted ? 'eventManagement.draw.unpick' : 'eventManagement.draw.pick')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}

/** The columns the views share (their header's text key), drawn by the table itself. */
export const APPLICANT_COLUMN = {
  number: 'eventManagement.applicants.number',
  story: 'eventManagement.applicants.story',
  nickname: 'eventManagement.applicants.nickname',
  read: 'eventManagement.applicants.read',
} as const;

/** A shared column's cell; undefined for a view's own column. */
function sharedCell(applicant: EventApplicant, column: string, rowNumber: number): ReactNode {
  switch (column) {
    case APPLICANT_COLUMN.number:
      return rowNumber;
    case APPLICANT_COLUMN.story:
      return <Story applicant={applicant} />;
    case APPLICANT_COLUMN.nickname:
      return applicant.user.username;
    case APPLICANT_COLUMN.read:
      return <ReadMark read={applicant.event.read} />;
    default:
      return undefined;
  }
}

/** The applicants table of each view, 5 a page; `cell` draws the view's own columns. */
export function ApplicantTable({
  product,
  columns,
  onOpen,
  cell,
}: {
  product: EventProduct;
  columns: string[];
  onOpen: (applicant: EventApplicant) => void;
  cell?: (applicant: EventApplicant, column: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const applicants = useApplicants(product.id, product.event.status, page);
  const content = applicants.data?.content ?? [];
  const empty = product.event.status === 'DRAWN' || product.event.status === 'CLOSED' ? 'winners' : 'applicants';
  return (
    <Stack spacing={2}>
      {/* Scrolls sideways on a phone: a keyboard user reaches it with Tab and scrolls it with the arrows. */}
      <Box role="region" tabIndex={0} aria-label={t(`eventManagement.${empty}.title`)} sx={{ overflowX: 'auto' }}>
        <Table size="small">
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <TableCell key={column}>{t(column)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {content.map((applicant, index) => (
              <TableRow
                key={applicant.id}
                hover
                sx={{ cursor: 'pointer' }}
                onClick={() => onOpen(applicant)}
                data-testid="applicant-row"
                data-mission-id={applicant.id}
              >
                {columns.map((column) => (
                  <TableCell key={column}>
                    {sharedCell(applicant, column, page * PAGE_SIZE + index + 1) ?? cell?.(applicant, column)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {applicants.isSuccess && content.length === 0 ? (
        <Typography color="text.secondary">{t(`eventManagement.${empty}.empty`)}</Typography>
      ) : null}
      {(applicants.data?.totalPages ?? 0) > 1 ? (
        <Pagination
          count={applicants.data?.totalPages ?? 1}
          page={page + 1}
          onChange={(_, value) => setPage(value - 1)}
        />
      ) : null}
    </Stack>
  );
}

const Story = ({ applicant }: { applicant: EventApplicant }) => (
  <Typography
    variant="body2"
    sx={{ maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
  >
    {applicant.requestComment ?? ''}
  </Typography>
);
