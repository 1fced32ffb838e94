import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useTranslation } from 'react-i18next';
import { navigateTo } from '../navigation/navigation';
import { PageProviders } from '../ui/page-providers';
import type { AlertAction } from './alert-action';

export default function AlertDialog({
  message,
  action,
  onClose,
}: {
  message: string;
  action: AlertAction | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <PageProviders>
      <Dialog open onClose={onClose} role="alertdialog" aria-describedby="app-alert-message" maxWidth="xs" fullWidth>
        <DialogContent>
          <DialogContentText id="app-alert-message" sx={{ whiteSpace: 'pre-line', color: 'text.primary' }}>
            {message}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          {action ? (
            <Button
              onClick={() => {
                onClose();
                navigateTo(action.to);
              }}
            >
              {action.label}
            </Button>
          ) : null}
          <Button onClick={onClose} variant="contained" autoFocus>
            {t('common.ok')}
          </Button>
        </DialogActions>
      </Dialog>
    </PageProviders>
  );
}
