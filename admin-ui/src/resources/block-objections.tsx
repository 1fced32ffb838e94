import { SelectInput, TextField } from 'react-admin';
import { KstDateField } from '../format/kst';
import { CodeField, codeChoices } from './code-field';
import { UpdateAction } from './update-action';
import { ActionsColumn, ConsoleList, READABLE_TEXT, WRAP, useWideConsole } from './list-actions';

/*
 * Objections to login blocks (operating policy: within 30 days). Operators accept one (the block ends) or
 * reject it with a note; pending ones first, the longest waiting on top. The two texts keep a readable width (words
 * never broken one syllable per line); the id and the creator's number are in the export, and below 900 px the
 * e-mail, block date and note are left out.
 */

/** A member's name or e-mail: wraps anywhere, but keeps a few letters a line. */
const IDENTITY = { ...WRAP, display: 'block', minWidth: '7em' } as const;

export const BlockObjectionList = () => {
  const wide = useWideConsole();
  return (
    <ConsoleList
      sort={{ field: 'created', order: 'ASC' }}
      filterDefaultValues={{ status: 'PENDING' }}
      filters={[<SelectInput key="status" source="status" choices={codeChoices('blockObjectionStatus')} alwaysOn />]}
    >
      <TextField source="username" sx={IDENTITY} />
      {wide && <TextField source="email" emptyText="-" sx={IDENTITY} />}
      {wide && <KstDateField source="blockedAt" />}
      <TextField source="blockReason" emptyText="-" sx={READABLE_TEXT} />
      <TextField source="reason" sx={READABLE_TEXT} />
      <KstDateField source="created" showTime />
      <CodeField source="status" family="blockObjectionStatus" />
      {wide && <TextField source="decisionNote" emptyText="-" sx={READABLE_TEXT} />}
      <ActionsColumn label="console.actions.column">
        <UpdateAction
          label="console.actions.approve"
          color="success"
          show={(record) => record['status'] === 'PENDING'}
          reasonLabel="resources.block-objections.fields.decisionNote"
          reasonOptional
          patch={(_, note) => ({ status: 'ACCEPTED', ...(note && { decisionNote: note }) })}
          confirmMessage={(record) => ['console.blockObjections.acceptConfirm', { who: record['username'] }]}
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
      </ActionsColumn>
    </ConsoleList>
  );
};
