import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useId, useRef, useState } from 'react';
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
import { announceApprovalsChanged } from '../approval-counts';
import { MoneySummary, useMoneyText, type MoneyFacts } from './money-confirm';
import { approvalSentNotice } from './pending-approval';

interface UpdateActionProps<RecordType extends RaRecord> {
  /** i18n key of the button. */
  label: string;
  /** The arguments of the button's text, when it has some. */
  labelArgs?: Record<string, unknown>;
  /** The fields to change; `reason` is what the dialog asked for. */
  patch: (record: RecordType, reason: string) => Record<string, unknown>;
  /** Asks for a reason first (required, unless `reasonOptional`) under this i18n key. */
  reasonLabel?: string;
  /** The reason may be left empty (a note the decision carries when given). */
  reasonOptional?: boolean;
  /** Hidden when false for the record. */
  show?: (record: RecordType) => boolean;
  color?: 'primary' | 'error' | 'success' | 'warning';
  resource?: string;
  /** Sends only the patch, for routes whose body is the decision alone (react-admin sends the whole record). */
  patchOnly?: boolean;
  /**
   * A decision that moves coins or money, or changes where money goes: a dialog says who, how much and what happens
   * next before anything is sent, and the notice once done repeats who and how much.
   */
  confirm?: (record: RecordType) => MoneyFacts;
  /**
   * A decision that is not money but hard to take back (approving a creator makes him public): a dialog says what
   * happens (i18n key and its arguments) before anything is sent.
   */
  confirmMessage?: (record: RecordType) => [key: string, args: Record<string, unknown>];
  /** The notice once done (i18n key and its arguments), naming who it was done to; else a generic one. */
  done?: (record: RecordType) => [key: string, args: Record<string, unknown>];
}

/**
 * One decision on a record (block, confirm, mark paid…): PUTs the record with the patch through the data provider,
 * asking for a reason first when the decision needs one, and confirming a money decision first (`confirm`). Shown
 * only to roles the write policy lets write.
 */
export function UpdateAction<RecordType extends RaRecord = RaRecord>(props: UpdateActionProps<RecordType>) {
  const record = useRecordContext<RecordType>();
  const contextResource = useResourceContext();
  const resource = props.resource ?? contextResource ?? '';
  const allowed = useCanWrite(resource);
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  // The answer's notice and refresh sit on the hook, not on the call: a call's callbacks are dropped when the
  // button unmounts before the answer comes (a phone turned sideways swaps a list's cards for its table), and the
  // member would not learn that the decision was taken. `answered` holds the decision being sent.
  const answered = useRef<(data: RaRecord & WithPendingApproval) => void>(() => undefined);
  const [update, { isPending }] = useUpdate(undefined, undefined, {
    onSuccess: (data: RaRecord & WithPendingApproval) => answered.current(data),
    onError: (error) => notify((error as Error).message, { type: 'error' }),
  });
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const titleId = useId();
  const amountText = useMoneyText();
  if (!record || !allowed || (props.show && !props.show(record))) return null;
  const facts = props.confirm?.(record);
  const label = translate(props.label, props.labelArgs);
  const message = props.confirmMessage?.(record);
  const asks = props.reasonLabel !== undefined || facts !== undefined || message !== undefined;

  const submit = (value: string) => {
    answered.current = (data) => {
      setOpen(false);
      setReason('');
      if (data.pendingApproval) {
        const [key, args] = approvalSentNotice(data.pendingApproval);
        notify(key, { type: 'info', messageArgs: args });
        announceApprovalsChanged();
      } else if (props.done) {
        const [key, args] = props.done(record);
        notify(key, { type: 'success', messageArgs: args });
      } else if (facts) {
        notify('console.confirm.done', {
          type: 'success',
          messageArgs: { action: label, who: facts.who, amount: amountText(facts) },
        });
      } else notify('ra.notification.updated', { type: 'success' });
      refresh();
    };
    update(resource, {
      id: record.id,
      data: props.patchOnly ? props.patch(record, value) : { ...record, ...props.patch(record, value) },
      previousData: record,
    });
  };
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color={props.color ?? 'primary'}
        disabled={isPending}
        onClick={(event) => {
          event.stopPropagation();
          if (asks) setOpen(true);
          else void submit('');
        }}
      >
        {label}
      </Button>
      {asks && (
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
            {message && <DialogContentText>{translate(...message)}</DialogContentText>}
            {props.reasonLabel && (
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
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>{translate('ra.action.cancel')}</Button>
            <Button
              variant="contained"
              color={props.color ?? 'primary'}
              disabled={
                (props.reasonLabel !== undefined && !props.reasonOptional && reason.trim().length === 0) || isPending
              }
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
