import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadingState } from '../../shared/ui/list-states';
import { useWinners } from './api';

/** The id of the winners' heading: the page's 'Completed' button brings it into view and focuses it. */
export const WINNERS_TITLE_ID = 'winners-title';

/** The winners of a DRAWN or CLOSED event: nickname, story, whether the prize was delivered. */
export function WinnerList({ productId, status }: { productId: string; status: string }) {
  const { t } = useTranslation();
  const winners = useWinners(productId, status, true);
  const items = winners.data?.pages.flatMap((page) => page.content) ?? [];
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={WINNERS_TITLE_ID}
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}
    >
      <Typography
        id={WINNERS_TITLE_ID}
        tabIndex={-1}
        variant="h6"
        component="h2"
        sx={{ fontWeight: 800, mb: 1, scrollMarginTop: 80, '&:focus': { outline: 'none' } }}
      >
        {t('lotteryEvent.winners.title')}
        {winners.data ? ` (${winners.data.pages[0]?.totalElements ?? 0})` : ''}
      </Typography>
      {winners.isPending ? <LoadingState py={2} size={28} /> : null}
      {!winners.isPending && items.length === 0 ? (
        <Typography color="text.secondary">{t('lotteryEvent.winners.empty')}</Typography>
      ) : null}
      <List aria-label={t('lotteryEvent.winners.title')} disablePadding>
        {items.map((winner) => {
          const delivered = winner.status === 'COMPLETED';
          const content = (
            <ListItemText
              primary={winner.user.username}
              secondary={winner.requestComment || undefined}
              slotProps={{ secondary: { sx: { whiteSpace: 'pre-line', overflowWrap: 'anywhere' } } }}
            />
          );
          return (
            <ListItem
              key={winner.id}
              disableGutters
              divider
              secondaryAction={
                <Chip
                  size="small"
                  color={delivered ? 'success' : 'default'}
                  label={t(delivered ? 'lotteryEvent.winners.delivered' : 'lotteryEvent.winners.pending')}
                />
              }
              sx={{ pr: 16 }}
            >
              {delivered ? (
                <ListItemButton component={RouterLink} to={`/mission-detail/${winner.id}`} sx={{ px: 0 }}>
                  {content}
                </ListItemButton>
              ) : (
                content
              )}
            </ListItem>
          );
        })}
      </List>
      {winners.hasNextPage ? (
        <Button onClick={() => void winners.fetchNextPage()} disabled={winners.isFetchingNextPage} sx={{ mt: 1 }}>
          {t('lotteryEvent.winners.more')}
        </Button>
      ) : null}
    </Paper>
  );
}
