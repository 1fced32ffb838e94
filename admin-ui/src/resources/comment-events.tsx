/*
 * The console's comment coin events: the events that pay coins to lucky commenters (their odds, coins per win and
 * daily budget), and finance's approval of a budget above what operators may grant alone.
 */
import { COMMENT_EVENT_LIMITS, type AdminCommentEvent, type StaffRole } from '@fanmission/contracts';
import { Button } from '@mui/material';
import { useState } from 'react';
import {
  Create,
  Edit,
  NumberField,
  NumberInput,
  SimpleForm,
  TextField,
  TextInput,
  maxLength,
  maxValue,
  required,
  useNotify,
  usePermissions,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { KstDateField, KstDateTimeInput } from '../format/kst';
import { httpClient } from '../data-provider';
import { useCanWrite } from '../permissions';
import { CodeField } from './code-field';
import { ActionsColumn, ConsoleList } from './list-actions';

const commentEventForm = (
  <SimpleForm>
    <TextInput source="title" validate={[required(), maxLength(100)]} fullWidth />
    <KstDateTimeInput source="startsAt" validate={required()} />
    <KstDateTimeInput source="endsAt" validate={required()} />
    <NumberInput source="winProbability" min={0} max={100} step={0.1} validate={required()} />
    <NumberInput
      source="coinsPerWin"
      min={1}
      max={COMMENT_EVENT_LIMITS.coinsPerWin}
      validate={[required(), maxValue(COMMENT_EVENT_LIMITS.coinsPerWin)]}
    />
    <NumberInput source="dailyBudget" min={1} validate={required()} />
  </SimpleForm>
);

/**
 * Finance's approval of a comment coin event's daily budget above what operators may grant alone (the event pays no
 * win until then); shown to finance on a pending event. The server refuses the event's own author.
 */
function CommentEventBudgetApproval() {
  const record = useRecordContext<AdminCommentEvent>();
  const { permissions } = usePermissions<StaffRole[]>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [pending, setPending] = useState(false);
  if (!record || record.budgetApproval !== 'PENDING' || !permissions?.includes('ROLE_FINANCE')) return null;
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={pending}
      onClick={async (event) => {
        event.stopPropagation();
        setPending(true);
        try {
          await httpClient(`/api/admin/comment-events/${record.id}/budget-approval`, { method: 'POST', body: '{}' });
          notify('console.commentEvents.budgetApproved', { type: 'success' });
          refresh();
        } catch (error) {
          notify((error as Error).message, { type: 'error' });
        } finally {
          setPending(false);
        }
      }}
    >
      {translate('console.actions.approveBudget')}
    </Button>
  );
}

export const CommentEventList = () => (
  <ConsoleList rowClick={useCanWrite('comment-events') ? 'edit' : false} empty={false}>
    <TextField source="id" />
    <TextField source="title" />
    <KstDateField source="startsAt" showTime />
    <KstDateField source="endsAt" showTime />
    <NumberField source="winProbability" />
    <NumberField source="coinsPerWin" />
    <NumberField source="dailyBudget" />
    <CodeField source="budgetApproval" family="budgetApproval" />
    <ActionsColumn label="console.actions.column">
      <CommentEventBudgetApproval />
    </ActionsColumn>
    <NumberField source="wins" />
    <NumberField source="paidCoins" />
    <TextField source="commitment" sx={{ fontFamily: 'monospace', fontSize: 11 }} />
  </ConsoleList>
);
export const CommentEventCreate = () => <Create redirect="list">{commentEventForm}</Create>;
export const CommentEventEdit = () => <Edit mutationMode="pessimistic">{commentEventForm}</Edit>;
