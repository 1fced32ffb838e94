import { SelectInput, TextField } from 'react-admin';
import { KstDateField } from '../format/kst';
import { CodeField, codeChoices } from './code-field';
import { UpdateAction } from './update-action';
import { ConsoleList } from './list-actions';

/*
 * Objections to login blocks (operating policy: within 30 days). Operators accept one (the block ends) or
 * reject it with a note; pending ones first.
 */

export const BlockObjectionList = () => (
  <ConsoleList
    sort={{ field: 'created', order: 'ASC' }}
    filterDefaultValues={{ status: 'PENDING' }}
    filters={[<SelectInput key="status" source="status" choices={codeChoices('blockObjectionStatus')} alwaysOn />]}
  >
    <TextField source="id" />
    <TextField source="username" />
    <TextField source="email" emptyText="-" />
    <TextField source="creatorId" emptyText="-" />
    <KstDateField source="blockedAt" showTime />
    <TextField source="blockReason" emptyText="-" />
    <TextField source="reason" />
    <KstDateField source="created" showTime />
    <CodeField source="status" family="blockObjectionStatus" />
    <TextField source="decisionNote" emptyText="-" />
    <UpdateAction
      label="console.actions.approve"
      color="success"
      show={(record) => record['status'] === 'PENDING'}
      patch={() => ({ status: 'ACCEPTED' })}
      done={(record) => ['console.done.objectionAccepted', { who: record['username'] }]}
    />
    <UpdateAction
      label="console.actions.reject"
      reasonLabel="resources.block-objections.fields.decisionNote"
      color="error"
      show={(record) => record['status'] === 'PENDING'}
      patch={(_, note) => ({ status: 'REJECTED', decisionNote: note })}
      done={(record) => ['console.done.objectionRejected', { who: record['username'] }]}
    />
  </ConsoleList>
);
