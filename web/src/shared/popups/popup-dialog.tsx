import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { PageProviders } from '../ui/page-providers';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PopupState } from '../session/session';
import { hexColour, readableTextColour } from '@fanmission/contracts';
import type { Popup } from './popup';
import { colours } from '../ui/tokens';

export type PopupDismissal = 'closed' | 'followedLink' | 'notToday';

export default function PopupDialog({
  popup,
  state,
  onDismiss,
}: {
  popup: Popup;
  state: PopupState;
  /** How the user left it: closed it, followed its link, or asked not to see popups today. */
  onDismiss: (how: PopupDismissal) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const link = state === 'loggedOn' ? popup.linkLoggedOn : popup.linkLoggedOff;
  const linkText = state === 'loggedOn' ? popup.linkTextLoggedOn : popup.linkTextLoggedOff;
  const background = hexColour(popup.linkBackgroundColor, colours.primary);
  const linkColour = readableTextColour(hexColour(popup.linkTextColor, '#ffffff'), background, colours.text);
  const follow = () => {
    if (!link) return;
    onDismiss('followedLink');
    if (link.startsWith('/')) void navigate(link);
    else window.open(link, '_blank', 'noopener');
  };
  return (
    <PageProviders>
      <Dialog open onClose={() => onDismiss('closed')} aria-labelledby="event-popup-title" maxWidth="xs" fullWidth>
        <DialogTitle id="event-popup-title" sx={{ fontWeight: 800 }}>
          {popup.title}
        </DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {popup.webImage ? (
            // At most half the window high: the link's button stays in view under any picture (a tall one pushed it
            // below the dialog's fold at 1280 × 900).
            <Box
              component="img"
              src={popup.webImage.s3Url}
              alt={popup.title}
              sx={{ width: '100%', maxHeight: 'min(50vh, 420px)', objectFit: 'contain', borderRadius: 2 }}
            />
          ) : null}
          {link && linkText ? (
            <Button
              onClick={follow}
              fullWidth
              size="large"
              sx={{
                bgcolor: background,
                color: linkColour,
                '&:hover': { bgcolor: background, opacity: 0.9 },
              }}
            >
              {linkText}
            </Button>
          ) : null}
        </DialogContent>
        <DialogActions sx={{ justifyContent: 'space-between' }}>
          <Button color="inherit" onClick={() => onDismiss('notToday')}>
            {t('popup.notToday')}
          </Button>
          <Button onClick={() => onDismiss('closed')}>{t('popup.close')}</Button>
        </DialogActions>
      </Dialog>
    </PageProviders>
  );
}
