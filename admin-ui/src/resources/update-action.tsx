import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import {
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
  useUpdate,
  type RaRecord,
} from 'react-admin';
import type { WithPendingApproval } from '../data-provider';
import { useCanWrite } from '../permissions';
import { announceApprovalsChanged } from './approvals';

interface UpdateActionProps<RecordType extends RaRecord> {
  /** i18n key of the button. */
  label: string;
  /** The fields to change; `reason` is what the dialog asked for. */
  patch: (record: RecordType, reason: string) => Record<string, unknown>;
  /** Asks for a reason first (required) under this i18n key. */
  reasonLabel?: string;
  /** Hidden when false for the record. */
  show?: (record: RecordType) => boolean;
  color?: 'primary' | 'error' | 'success' | 'warning';
  resource?: string;
  /** Sends only the patch, for routes whose body is the decision alone (react-admin sends the whole record). */
  patchOnly?: boolean;
}

/**
 * One decision on a record (block, confirm, mark paid…): PUTs the record with the patch through the data provider,
 * asking for a reason first when the decision needs one. Shown only to roles the write policy lets write.
 */
export function UpdateAction<RecordType extends RaRecord = RaRecord>(props: UpdateActionProps<RecordType>) {
  const record = useRecordContext<RecordType>();
  const contextResource = useResourceContext();
  const resource = props.resource ?? contextResource ?? '';
  const allowed = useCanWrite(resource);
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!record || !allowed || (props.show && !props.show(record))) return null;

  const submit = (value: string) =>
    update(
      resource,
      {
        id: record.id,
        data: props.patchOnly ? props.patch(record, value) : { ...record, ...props.patch(record, value) },
        previousData: record,
      },
      {
        onSuccess: (data: RaRecord & WithPendingApproval) => {
          setOpen(false);
          setReason('');
          if (data.pendingApproval) {
            notify('console.approvals.requested', { type: 'info' });
            announceApprovalsChanged();
          } else notify('ra.notification.updated', { type: 'success' });
          refresh();
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  const label = translate(props.label);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color={props.color ?? 'primary'}
        disabled={isPending}
        onClick={(event) => {
          event.stopPropagation();
          if (props.reasonLabel) setOpen(true);
          else void submit('');
        }}
      >
        {label}
      </Button>
      {props.reasonLabel && (
        <Dialog open={open} onClose={() => setOpen(false)} onClick={(event) => event.stopPropagation()}>
          <DialogTitle>{label}</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              multiline
              margin="dense"
              label={translate(props.reasonLabel)}
              value={reason}
              slotProps={{ htmlInput: { maxLength: 200, 'aria-label': translate(props.reasonLabel) } }}
              onChange={(event) => setReason(event.target.value)}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <Button
              variant="contained"
              color={props.color ?? 'primary'}
              disabled={reason.trim().length === 0 || isPending}
              onClick={() => void submit(reason.trim())}
            >
              {translate('ra.action.confirm')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </>
  );
}
