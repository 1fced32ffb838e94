import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../shared/api/query-keys';
import { verifyEventDraw, type PickCheck } from '../../shared/fairness/verify';
import { LoadingState } from '../../shared/ui/list-states';
import { fetchFairness } from './api';

/** A match / mismatch mark; `null` shows nothing (not checkable yet). */
export function MatchChip({ ok }: { ok: boolean | null }) {
  const { t } = useTranslation();
  if (ok === null) return null;
  return ok ? (
    <Chip size="small" color="success" icon={<CheckCircle />} label={t('lotteryEvent.verify.match')} />
  ) : (
    <Chip size="small" color="error" icon={<ErrorIcon />} label={t('lotteryEvent.verify.mismatch')} />
  );
}

function Hash({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {value}
      </Typography>
    </Box>
  );
}

function pickText(t: TFunction, pick: PickCheck): string {
  if (pick.action === 'UNPICK') return t('lotteryEvent.verify.unpick', { id: pick.missionId });
  if (pick.manual) return t('lotteryEvent.verify.pickManual', { id: pick.missionId });
  return t('lotteryEvent.verify.pickRandom', { n: pick.n ?? '?', id: pick.missionId });
}

/**
 * "Verify this draw" (docs/provably-fair.md): loads `/fairness` and recomputes, in this browser with
 * WebCrypto, the commitment, the entries hash and every random pick, marking each match or mismatch.
 */
export function VerifyDrawPanel({ productId, status }: { productId: string; status: string }) {
  const { t } = useTranslation();
  const record = useQuery({
    queryKey: [...queryKeys.lotteryFairness(productId), status],
    queryFn: () => fetchFairness(productId),
    retry: false,
  });
  const check = useQuery({
    queryKey: ['lottery-fairness-check', productId, record.dataUpdatedAt],
    enabled: record.data !== undefined && record.data.serverSeed !== null,
    queryFn: () => verifyEventDraw(record.data!),
    retry: false,
  });
  const result = check.data;

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="verify-draw-title"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
    >
      <Typography id="verify-draw-title" variant="h6" component="h2" sx={{ fontWeight: 800, mb: 1 }}>
        {t('lotteryEvent.verify.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('lotteryEvent.verify.intro')}
      </Typography>
      {record.isPending ? <LoadingState py={2} size={28} /> : null}
      {record.isError ? <Alert severity="error">{t('lotteryEvent.verify.failed')}</Alert> : null}
      {record.data ? (
        <Stack spacing={1.5}>
          <Hash label={t('lotteryEvent.verify.algorithm')} value={record.data.algorithm} />
          <Hash label={t('lotteryEvent.verify.commitment')} value={record.data.commitment} />
          {record.data.entriesHash ? (
            <Hash label={t('lotteryEvent.verify.entriesHash')} value={record.data.entriesHash} />
          ) : null}
          {record.data.serverSeed === null ? (
            <Alert severity="info">{t('lotteryEvent.verify.notYet')}</Alert>
          ) : (
            <>
              <Hash label={t('lotteryEvent.verify.serverSeed')} value={record.data.serverSeed} />
              <Hash
                label={t('lotteryEvent.verify.entries', { count: record.data.entries?.length ?? 0 })}
                value={(record.data.entries ?? []).join(', ')}
              />
              {check.isPending ? <LoadingState py={2} size={28} /> : null}
              {check.isError ? <Alert severity="error">{(check.error as Error).message}</Alert> : null}
              {result ? (
                <>
                  <List dense disablePadding aria-label={t('lotteryEvent.verify.title')}>
                    {(
                      [
                        ['commitmentCheck', result.commitmentOk],
                        ['entriesCheck', result.entriesHashOk],
                        ['winnersCheck', result.winnersOk],
                      ] as const
                    ).map(([key, ok]) => (
                      <ListItem key={key} disableGutters secondaryAction={<MatchChip ok={ok} />}>
                        <ListItemText primary={t(`lotteryEvent.verify.${key}`)} sx={{ pr: 10 }} />
                      </ListItem>
                    ))}
                  </List>
                  <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700 }}>
                    {t('lotteryEvent.verify.picksTitle')}
                  </Typography>
                  {result.picks.length === 0 ? (
                    <Typography color="text.secondary">{t('lotteryEvent.verify.noDraws')}</Typography>
                  ) : (
                    <List dense disablePadding aria-label={t('lotteryEvent.verify.picksTitle')}>
                      {result.picks.map((pick) => (
                        <ListItem key={pick.index} disableGutters secondaryAction={<MatchChip ok={pick.ok} />}>
                          <ListItemText
                            sx={{ pr: 10 }}
                            primary={pickText(t, pick)}
                            secondary={
                              [
                                pick.expectedMissionId !== null
                                  ? t('lotteryEvent.verify.expected', { id: pick.expectedMissionId, n: pick.expectedN })
                                  : null,
                                pick.rejected.length > 0
                                  ? t('lotteryEvent.verify.rejectedChoices', { list: pick.rejected.join(', ') })
                                  : null,
                              ]
                                .filter(Boolean)
                                .join(' · ') || undefined
                            }
                          />
                        </ListItem>
                      ))}
                    </List>
                  )}
                  <Alert role="status" severity={result.allOk ? 'success' : 'error'}>
                    {t(result.allOk ? 'lotteryEvent.verify.allMatch' : 'lotteryEvent.verify.someMismatch')}
                  </Alert>
                  <Box>
                    <Button size="small" onClick={() => void check.refetch()} disabled={check.isFetching}>
                      {t(check.isFetching ? 'lotteryEvent.verify.running' : 'lotteryEvent.verify.run')}
                    </Button>
                  </Box>
                </>
              ) : null}
            </>
          )}
        </Stack>
      ) : null}
    </Paper>
  );
}
