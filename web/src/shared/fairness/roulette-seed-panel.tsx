import {
  CLIENT_SEED_MAX_LENGTH,
  rouletteClientSeedRequestSchema,
  type RouletteSeed,
  type RouletteSeedRotation,
} from '@fanmission/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api, failureMessage } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { useSession } from '../session/session';

/** A seed's caption and its hex value in monospace (`block`: on its own line, with a gap below). */
function SeedValue({
  label,
  testId,
  block = false,
  children,
}: {
  label: string;
  testId: string;
  block?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography
        component="code"
        variant="body2"
        data-testid={testId}
        sx={{ fontFamily: 'monospace', wordBreak: 'break-all', ...(block && { display: 'block', mb: 1 }) }}
      >
        {children}
      </Typography>
    </>
  );
}

/**
 * The provably fair part of the lucky roulette modal (docs/provably-fair.md): the commitment (hash) of the
 * fan's server seed, his client seed (changeable), the next nonce, and "reveal and replace", which shows the revealed
 * seed; a link to the rolls page where revealed rolls are recomputed. `disabled` while a roll is under way.
 */
export function RouletteSeedPanel({ disabled = false }: { disabled?: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const key = queryKeys.rouletteSeed(session.userId);
  const seed = useQuery({
    queryKey: key,
    enabled: session.loggedIn,
    queryFn: async () => (await api<RouletteSeed>('/users/me/roulette-seed')).data,
  });
  const [clientSeed, setClientSeed] = useState('');
  const [message, setMessage] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const [revealed, setRevealed] = useState<RouletteSeedRotation | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (seed.data) setClientSeed(seed.data.clientSeed);
  }, [seed.data]);

  const failed = (error: unknown) =>
    setMessage({
      severity: 'error',
      text: failureMessage(error, t('lotteryEvent.seed.failed')),
    });

  const save = async () => {
    const checked = rouletteClientSeedRequestSchema.safeParse({ clientSeed });
    if (!checked.success) {
      const issue = checked.error.issues[0]?.message ?? 'validation.required';
      setMessage({ severity: 'error', text: t(issue, { defaultValue: t('lotteryEvent.seed.failed') }) });
      return;
    }
    setBusy(true);
    try {
      const { data } = await api<RouletteSeed>('/users/me/roulette-seed', { method: 'PUT', body: checked.data });
      queryClient.setQueryData(key, data);
      setMessage({ severity: 'success', text: t('lotteryEvent.seed.saved') });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  const rotate = async () => {
    setBusy(true);
    try {
      const { data } = await api<RouletteSeedRotation>('/users/me/roulette-seed/rotate', { method: 'POST' });
      setRevealed(data);
      setMessage({ severity: 'success', text: t('lotteryEvent.seed.rotated') });
      await queryClient.invalidateQueries({ queryKey: key });
      await queryClient.invalidateQueries({ queryKey: queryKeys.rouletteRolls(session.userId) });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };

  if (!seed.data) return null;
  return (
    <Box
      component="section"
      aria-label={t('lotteryEvent.seed.title')}
      sx={{ width: '100%', borderTop: 1, borderColor: 'divider', pt: 2 }}
    >
      <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
        {t('lotteryEvent.seed.title')}
      </Typography>
      <SeedValue label={t('lotteryEvent.seed.commitment')} testId="roulette-commitment" block>
        {seed.data.commitment}
      </SeedValue>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 1 }}>
        {t('lotteryEvent.seed.nextNonce', { nonce: seed.data.nextNonce })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          fullWidth
          label={t('lotteryEvent.seed.clientSeed')}
          value={clientSeed}
          onChange={(event) => setClientSeed(event.target.value.slice(0, CLIENT_SEED_MAX_LENGTH))}
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
        />
        <Button
          variant="outlined"
          onClick={() => void save()}
          disabled={disabled || busy || clientSeed === seed.data.clientSeed}
        >
          {t('lotteryEvent.seed.save')}
        </Button>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button size="small" onClick={() => void rotate()} disabled={disabled || busy}>
          {t('lotteryEvent.seed.rotate')}
        </Button>
        <Link component={RouterLink} to="/my-rolls" variant="body2">
          {t('lotteryEvent.seed.myRolls')}
        </Link>
      </Stack>
      {message ? (
        <Alert severity={message.severity} sx={{ mt: 1 }}>
          {message.text}
        </Alert>
      ) : null}
      {revealed ? (
        <Box sx={{ mt: 1 }}>
          <SeedValue label={t('lotteryEvent.seed.revealed')} testId="roulette-revealed-seed">
            {revealed.revealedServerSeed}
          </SeedValue>
        </Box>
      ) : null}
    </Box>
  );
}
