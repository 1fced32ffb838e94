import type { AdminApproval } from '@fanmission/contracts';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useId, useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { httpClient } from '../data-provider';
import { useCanWrite } from '../permissions';
import { announceApprovalsChanged } from '../approval-counts';
import { MoneySummary, type MoneyFacts } from './money-confirm';
import { approvalSentNotice } from './pending-approval';

interface ReasonActionProps<RecordType extends RaRecord> {
  /** The admin resource whose write policy decides who sees the button. */
  resource: string;
  /** i18n key of the button and of the dialog's title. */
  label: string;
  /** The console API path the action POSTs `{ reason }` to. */
  url: (record: RecordType) => string;
  /** Hidden when false for the record. */
  show: (record: RecordType) => boolean;
  /** i18n key of the notice once done. */
  done: string;
  color?: 'primary' | 'error' | 'warning';
  /** An action that moves money: the dialog says who, how much and what happens next above the reason. */
  confirm?: (record: RecordType) => MoneyFacts;
}

/**
 * An action on a record that needs a reason (cancel a payment at its provider, cancel or draw a lottery event): asks
 * for the reason, then POSTs it. Shown only to roles the write policy lets write to the resource.
 */
export function ReasonAction<RecordType extends RaRecord = RaRecord>(props: ReasonActionProps<RecordType>) {
  const record = useRecordContext<RecordType>();
  const allowed = useCanWrite(props.resource);
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const titleId = useId();
  if (!record || !allowed || !props.show(record)) return null;
  const facts = props.confirm?.(record);
  const label = translate(props.label);
  const reasonLabel = translate('console.actions.reason');
  const submit = async () => {
    setPending(true);
    try {
      const { status, json } = await httpClient(props.url(record), {
        method: 'POST',
        body: JSON.stringify({ reason: reason.trim() }),
      });
      setOpen(false);
      setReason('');
      // 202: a money action above its limit was sent for a second staff member's approval (services/src/approvals).
      if (status === 202) {
        const [key, args] = approvalSentNotice(json as AdminApproval);
        notify(key, { type: 'info', messageArgs: args });
        announceApprovalsChanged();
      } else notify(props.done, { type: 'success' });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color={props.color ?? 'primary'}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {label}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        onClick={(event) => event.stopPropagation()}
        aria-labelledby={titleId}
        fullWidth
        maxWidth="xs"
      >
        <DialogTitle id={titleId}>{label}</DialogTitle>
        <DialogContent>
          {facts && <MoneySummary facts={facts} />}
          <TextField
            autoFocus
            fullWidth
            multiline
            margin="dense"
            label={reasonLabel}
            value={reason}
            slotProps={{ htmlInput: { maxLength: 200, 'aria-label': reasonLabel } }}
            onChange={(event) => setReason(event.target.value)}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            color={props.color ?? 'primary'}
            disabled={reason.trim().length === 0 || pending}
            onClick={() => void submit()}
          >
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
