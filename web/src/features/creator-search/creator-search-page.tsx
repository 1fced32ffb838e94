import {
  CREATOR_SEARCH_SORTS,
  GRID,
  INFINITE_SCROLL_THRESHOLD_PX,
  type CreatorListItem,
  type CreatorSearchSort,
} from '@fanmission/contracts';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { EmptyState, LoadingState, OfflineState } from '../../shared/ui/list-states';
import { useScrolledItems } from '../../shared/ui/scroll-loading';
import { CreatorCard } from '../../shared/cards/creator-card';
import { CreatorReliabilityChips } from '../../shared/creators/reliability';
import { useCreatorSearch, useCreatorTags, type SearchFilters } from './api/creators';
import { useFollow } from '../../shared/creators/follow';

/** The search as the address keeps it (`?q=&tag=&sort=`): Back from a creator returns to the same list. */
export function filtersOf(params: URLSearchParams): SearchFilters {
  const tag = Number(params.get('tag'));
  const sort = params.get('sort') as CreatorSearchSort | null;
  return {
    name: params.get('q')?.trim() ?? '',
    tagId: Number.isInteger(tag) && tag > 0 ? tag : null,
    sort: sort && CREATOR_SEARCH_SORTS.includes(sort) ? sort : 'newest',
  };
}

/** The address's parameters of a search, the defaults left out. */
export function paramsOf(filters: SearchFilters): Record<string, string> {
  return {
    ...(filters.name && { q: filters.name }),
    ...(filters.tagId !== null && { tag: String(filters.tagId) }),
    ...(filters.sort !== 'newest' && { sort: filters.sort }),
  };
}

/** `/creator-search`: prompt, search box, tags, sorts and the creator grid with scroll loading. */
export function CreatorSearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const [input, setInput] = useState(filters.name);
  // The router shows a new address in a transition, so a second change can come before the first one's address is
  // shown (a quick hand, a busy phone): while the address shown is still the one a change was asked from, the next
  // change builds on the filters that change asked for, not on the address shown.
  const { key: shownKey } = useLocation();
  const asked = useRef<{ fromKey: string; filters: SearchFilters } | null>(null);
  // Each change replaces the address instead of adding a history entry: Back leaves the search, as before.
  const setFilters = (change: (current: SearchFilters) => SearchFilters) => {
    const base = asked.current?.fromKey === shownKey ? asked.current.filters : filters;
    const next = change(base);
    asked.current = { fromKey: shownKey, filters: next };
    setParams(paramsOf(next), { replace: true });
  };
  const tags = useCreatorTags();
  // Every filter is part of the key: any change starts again at page 0.
  const list = useCreatorSearch(filters);
  const items = useScrolledItems(list, INFINITE_SCROLL_THRESHOLD_PX.creatorSearch);
  const { refetch: refetchList } = list;
  const { refetch: refetchTags } = tags;
  const reloadOffline = useCallback(() => {
    void refetchList();
    void refetchTags();
  }, [refetchList, refetchTags]);

  return (
    <Container component="main" maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, textAlign: 'center' }}>
        {t('creatorSearch.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 1, mb: 3 }}>
        {t('creatorSearch.prompt')}
      </Typography>
      <Box sx={{ maxWidth: 640, mx: 'auto', mb: 3 }}>
        <TextField
          fullWidth
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
              setFilters((current) => ({ ...current, name: input.trim() }));
            }
          }}
          placeholder={t('creatorSearch.placeholder')}
          slotProps={{
            htmlInput: { 'aria-label': t('creatorSearch.searchLabel'), maxLength: 50 },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={t('creatorSearch.search')}
                    onClick={() => setFilters((current) => ({ ...current, name: input.trim() }))}
                  >
                    <Search />
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>

      {tags.data && tags.data.length > 0 ? (
        <Box
          role="group"
          aria-label={t('creatorSearch.tags')}
          sx={{
            display: 'grid',
            gap: 1,
            gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: `repeat(${GRID.tagsPerRow}, 1fr)` },
            maxWidth: 900,
            mx: 'auto',
            mb: 3,
          }}
        >
          {tags.data.map(({ tag, tagCount }) => {
            const selected = filters.tagId === tag.id;
            return (
              <Button
                key={tag.id}
                variant={selected ? 'contained' : 'outlined'}
                aria-pressed={selected}
                onClick={() => setFilters((current) => ({ ...current, tagId: selected ? null : tag.id }))}
                sx={{ textTransform: 'none', borderRadius: 5 }}
              >
                #{tag.name} ({tagCount})
              </Button>
            );
          })}
        </Box>
      ) : null}

      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={filters.sort}
          aria-label={t('creatorSearch.sortLabel')}
          onChange={(_, sort: CreatorSearchSort | null) => {
            if (sort) setFilters((current) => ({ ...current, sort }));
          }}
        >
          {CREATOR_SEARCH_SORTS.map((sort) => (
            <ToggleButton key={sort} value={sort}>
              {t(`creatorSearch.sort.${sort}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>

      {list.isPending ? (
        <LoadingState />
      ) : list.isError && items.length === 0 ? (
        <OfflineState reload={reloadOffline} />
      ) : items.length === 0 ? (
        <EmptyState message={t('creatorSearch.empty')} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: {
              xs: 'repeat(2, 1fr)',
              sm: 'repeat(3, 1fr)',
              md: `repeat(${GRID.creatorCardsPerRow}, 1fr)`,
            },
          }}
        >
          {items.map((item) => (
            <SearchCreatorCard key={item.creator.id} item={item} />
          ))}
        </Box>
      )}
      {list.isFetchingNextPage ? <LoadingState py={3} size={28} /> : null}
    </Container>
  );
}

function SearchCreatorCard({ item }: { item: CreatorListItem }) {
  const { t } = useTranslation();
  const follow = useFollow(item.creator.id, item.following);
  return (
    <CreatorCard
      creator={item.creator}
      rating={item.rating}
      action={
        <IconButton
          aria-label={t(follow.following ? 'creatorSearch.unfollow' : 'creatorSearch.follow', {
            name: item.creator.name,
          })}
          aria-pressed={follow.following}
          disabled={follow.busy}
          onClick={() => void follow.toggle()}
        >
          {follow.following ? <Favorite color="primary" /> : <FavoriteBorder />}
        </IconButton>
      }
    >
      <CreatorReliabilityChips creatorId={item.creator.id} centered />
    </CreatorCard>
  );
}
