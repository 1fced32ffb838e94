import type { MissionProduct } from '@fanmission/contracts';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../../shared/alert/alert';
import { api } from '../../../shared/api/client';
import { useSession } from '../../../shared/session/session';
import { myCreatorQueryKey, useMyCreator } from '../my-creator';
import { productsQueryKey, useMyProducts } from './api';
import { MissionTable } from './mission-table';
import { ProductDialog } from './product-dialog';

/** `/mission-management/normal` and `/lucky`: the products of one type, then the missions waiting to be performed. */
export function ProductsPanel({ type }: { type: 'BASIC' | 'LUCKY' }) {
  const { t } = useTranslation();
  const { creatorId } = useSession();
  const queryClient = useQueryClient();
  const products = useMyProducts(type);
  const [editing, setEditing] = useState<MissionProduct | 'new' | null>(null);
  const [toggling, setToggling] = useState<MissionProduct | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: productsQueryKey(creatorId, type) });
    await queryClient.invalidateQueries({ queryKey: myCreatorQueryKey });
  };
  const move = async (product: MissionProduct, direction: 'increase' | 'decrease') => {
    try {
      const { data } = await api<MissionProduct[]>(
        `/creators/${creatorId}/mission-products/${product.id}/sort/${direction}`,
        { method: 'PUT' },
      );
      queryClient.setQueryData(productsQueryKey(creatorId, type), data);
    } catch {
      void showAlert(t('creatorStudio.missions.products.toggleFailed'));
    }
  };
  const toggle = async (product: MissionProduct) => {
    setToggling(null);
    try {
      await api(`/mission-products/${product.id}/${product.active ? 'inactivate' : 'activate'}`, { method: 'PUT' });
      await refresh();
    } catch {
      void showAlert(t('creatorStudio.missions.products.toggleFailed'));
    }
  };
  const list = products.data ?? [];
  // The server refuses a new product while a lottery event runs: say so before the form, not after it.
  const eventUnderWay = useMyCreator().data?.ongoingEvent === true;
  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h2" sx={{ fontWeight: 800 }}>
          {t(
            type === 'BASIC'
              ? 'creatorStudio.missions.products.basicTitle'
              : 'creatorStudio.missions.products.luckyTitle',
          )}
        </Typography>
        <Button variant="contained" disabled={eventUnderWay} onClick={() => setEditing('new')}>
          {t('creatorStudio.missions.products.register')}
        </Button>
      </Stack>
      {eventUnderWay ? <Alert severity="info">{t('creatorStudio.missions.products.eventUnderWay')}</Alert> : null}
      {products.isSuccess && list.length === 0 ? (
        <Typography color="text.secondary">{t('creatorStudio.missions.products.empty')}</Typography>
      ) : null}
      <Stack
        spacing={1}
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label={t('creatorStudio.missions.menu.' + (type === 'BASIC' ? 'basic' : 'lucky'))}
      >
        {list.map((product, index) => (
          <Paper
            key={product.id}
            component="li"
            variant="outlined"
            sx={{ p: 1.5, borderRadius: 2, display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
          >
            {product.descriptionPicture ? (
              <img
                src={product.descriptionPicture.thumbnail?.s3Url ?? product.descriptionPicture.s3Url}
                alt=""
                style={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 8 }}
              />
            ) : null}
            <Box sx={{ flex: 1, minWidth: 140 }}>
              <Typography sx={{ fontWeight: 700 }}>{product.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t('creatorStudio.missions.products.coins', { count: product.coinPrice ?? 0 })}
                {product.winProbability !== null ? ` · ${product.winProbability}%` : ''}
              </Typography>
            </Box>
            <Chip
              size="small"
              color={product.active ? 'success' : 'default'}
              label={t(
                product.active ? 'creatorStudio.missions.products.active' : 'creatorStudio.missions.products.inactive',
              )}
            />
            <IconButton
              aria-label={`${t('creatorStudio.missions.products.up')}: ${product.name}`}
              disabled={index === 0}
              onClick={() => void move(product, 'decrease')}
            >
              <ArrowUpward />
            </IconButton>
            <IconButton
              aria-label={`${t('creatorStudio.missions.products.down')}: ${product.name}`}
              disabled={index === list.length - 1}
              onClick={() => void move(product, 'increase')}
            >
              <ArrowDownward />
            </IconButton>
            <Button size="small" onClick={() => setToggling(product)}>
              {t(
                product.active
                  ? 'creatorStudio.missions.products.inactivate'
                  : 'creatorStudio.missions.products.activate',
              )}
            </Button>
            <Button size="small" variant="outlined" onClick={() => setEditing(product)}>
              {t('creatorStudio.missions.products.edit')}
            </Button>
          </Paper>
        ))}
      </Stack>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 800 }}>
        {t('creatorStudio.missions.products.requests')}
      </Typography>
      <MissionTable listType={type === 'BASIC' ? 'normal' : 'lucky'} />
      {editing !== null && creatorId !== null ? (
        <ProductDialog
          type={type}
          creatorId={creatorId}
          product={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      ) : null}
      <Dialog open={toggling !== null} onClose={() => setToggling(null)} maxWidth="xs" fullWidth>
        <DialogContent>
          <Typography>
            {toggling
              ? t(
                  toggling.active
                    ? 'creatorStudio.missions.products.inactivateConfirm'
                    : 'creatorStudio.missions.products.activateConfirm',
                )
              : ''}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setToggling(null)}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={() => toggling && void toggle(toggling)}>
            {t('common.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
