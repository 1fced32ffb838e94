import { DEFAULT_FAQ_CATEGORY, FAQ_CATEGORIES, SUPPORT_HOURS, type FaqCategory } from '@fanmission/contracts';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppMode } from '../../shared/app-mode';
import { webConfig } from '../../shared/config';
import { EmptyState, LoadingState } from '../../shared/ui/list-states';
import { Page } from '../../shared/ui/page';
import { useFaq } from './api/faq';

const ROWS_PER_GROUP = 3;

export function groupsOf<Item>(items: Item[], size: number): Item[][] {
  const groups: Item[][] = [];
  for (let index = 0; index < items.length; index += size) groups.push(items.slice(index, index + size));
  return groups;
}

/** `/faq`: PAYMENT and MISSION categories, rows in threes, one open at a time, live chat and hours. */
export function FaqPage() {
  const { t } = useTranslation();
  const appMode = useAppMode();
  const [category, setCategory] = useState<FaqCategory>(DEFAULT_FAQ_CATEGORY);
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const faq = useFaq(category, page);
  const rows = faq.data?.content ?? [];
  const totalPages = faq.data?.totalPages ?? 0;

  return (
    <Page title={t('faq.title')} width="md" hideTitle={appMode}>
      <ToggleButtonGroup
        exclusive
        color="primary"
        value={category}
        onChange={(_, value: FaqCategory | null) => {
          if (!value) return;
          setCategory(value);
          setPage(0);
          setOpen(null);
        }}
        sx={{ mb: 3 }}
      >
        {FAQ_CATEGORIES.map((name) => (
          <ToggleButton key={name} value={name} sx={{ px: 3, fontWeight: 700 }}>
            {t(`faq.categories.${name}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>

      {faq.isPending ? (
        <LoadingState />
      ) : rows.length === 0 ? (
        <EmptyState message={t('faq.empty')} />
      ) : (
        <Stack spacing={3}>
          {groupsOf(rows, ROWS_PER_GROUP).map((group) => (
            <Box key={group[0]!.id} data-testid="faq-group">
              {group.map((row) => (
                <Accordion
                  key={row.id}
                  disableGutters
                  expanded={open === row.id}
                  onChange={(_, expanded) => setOpen(expanded ? row.id : null)}
                >
                  <AccordionSummary expandIcon={<ExpandMore />}>
                    <Typography sx={{ fontWeight: 700 }}>{row.title}</Typography>
                  </AccordionSummary>
                  <AccordionDetails>
                    <Typography sx={{ whiteSpace: 'pre-line', color: 'text.secondary' }}>{row.content}</Typography>
                  </AccordionDetails>
                </Accordion>
              ))}
            </Box>
          ))}
        </Stack>
      )}
      {totalPages > 1 ? (
        <Pagination
          count={totalPages}
          page={page + 1}
          siblingCount={2}
          boundaryCount={2}
          onChange={(_, value) => {
            setPage(value - 1);
            setOpen(null);
          }}
          sx={{ mt: 3, display: 'flex', justifyContent: 'center' }}
        />
      ) : null}

      <Paper variant="outlined" sx={{ mt: 5, p: 4, borderRadius: 3, textAlign: 'center', bgcolor: '#fff7f9' }}>
        <Typography sx={{ fontWeight: 700 }}>{t('faq.prompt')}</Typography>
        <Button
          variant="contained"
          startIcon={<ChatOutlined />}
          href={webConfig.liveChatUrl}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ mt: 2 }}
        >
          {t('faq.liveChat')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('faq.hours', { from: SUPPORT_HOURS.weekdaysFrom, to: SUPPORT_HOURS.weekdaysTo })}
        </Typography>
      </Paper>
    </Page>
  );
}
