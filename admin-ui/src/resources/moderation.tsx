import { CREATOR_GRADES } from '@fanmission/contracts';
import {
  BooleanField,
  Create,
  DeleteButton,
  NullableBooleanInput,
  NumberField,
  NumberInput,
  SelectInput,
  TextField,
  TextInput,
  SimpleForm,
  maxLength,
  required,
} from 'react-admin';
import { KstDateField, KstDateTimeInput } from '../format/kst';
import { useCanWrite } from '../permissions';
import { CodeField, codeChoices, codeKey } from './code-field';
import { CreatorDecisions } from './creator-review';
import { ActionsColumn, ConsoleList, ListActions, WRAP, useWideConsole } from './list-actions';
import { UpdateAction } from './update-action';

export const PenaltyList = () => (
  <ConsoleList
    sort={{ field: 'createdAt', order: 'DESC' }}
    filters={[
      <NumberInput key="creatorId" source="creatorId" />,
      <NullableBooleanInput key="lifted" source="lifted" alwaysOn />,
    ]}
  >
    <TextField source="id" />
    <TextField source="creatorId" />
    <TextField source="missionId" />
    <NumberField source="level" />
    <BooleanField source="blocksLogin" />
    <KstDateField source="requestsBlockedUntil" emptyText="-" />
    <KstDateField source="createdAt" />
    <KstDateField source="liftedAt" emptyText="-" />
    <ActionsColumn label="console.actions.column">
      <UpdateAction
        label="console.actions.lift"
        reasonLabel="resources.creator-penalties.fields.liftNote"
        show={(record) => !record['liftedAt']}
        patch={(_, note) => ({ liftNote: note })}
      />
    </ActionsColumn>
  </ConsoleList>
);

export const CreatorList = () => (
  <ConsoleList
    rowClick="show"
    sort={{ field: 'createdAt', order: 'ASC' }}
    filterDefaultValues={{ reviewStatus: 'PENDING' }}
    filters={[
      <SelectInput key="reviewStatus" source="reviewStatus" choices={codeChoices('creatorReviewStatus')} alwaysOn />,
      <TextInput key="q" source="q" label="ra.action.search" alwaysOn />,
    ]}
    empty={false}
  >
    <TextField source="id" />
    <TextField source="name" />
    <CodeField source="reviewStatus" family="creatorReviewStatus" />
    <CodeField source="grade" family="creatorGrade" />
    <BooleanField source="containAdultContent" />
    <ActionsColumn label="console.actions.column">
      <CreatorDecisions />
    </ActionsColumn>
  </ConsoleList>
);

/**
 * The monthly grade review's proposals (`/api/admin/grade-proposals`): operators confirm or choose another grade. The
 * decisions share one "actions" column; below 900 px the id, the months (the review month is the filter's) and the
 * confirmed grade (shown once confirmed, as the status says) are left out.
 */
export const GradeProposalList = () => {
  const wide = useWideConsole();
  return (
    <ConsoleList
      filterDefaultValues={{ status: 'PROPOSED' }}
      filters={[
        <SelectInput key="status" source="status" choices={codeChoices('gradeProposalStatus')} alwaysOn />,
        <TextInput key="reviewMonth" source="reviewMonth" alwaysOn />,
      ]}
      empty={false}
    >
      {wide && <TextField source="id" />}
      <TextField source="creatorName" sx={WRAP} />
      {wide && <TextField source="reviewMonth" />}
      {wide && <TextField source="appliesMonth" />}
      <NumberField source="onTimeCompleted" />
      <CodeField source="currentGrade" family="creatorGrade" />
      <CodeField source="proposedGrade" family="creatorGrade" />
      <CodeField source="status" family="gradeProposalStatus" />
      {wide && <CodeField source="confirmedGrade" family="creatorGrade" emptyText="-" />}
      <ActionsColumn label="console.actions.column">
        <UpdateAction
          label="console.actions.confirmGrade"
          color="success"
          patchOnly
          show={(record) => record['status'] === 'PROPOSED'}
          patch={() => ({})}
        />
        {CREATOR_GRADES.map((grade) => (
          <UpdateAction
            key={grade}
            label={codeKey('creatorGrade', grade)}
            patchOnly
            show={(record) => record['status'] === 'PROPOSED' && record['proposedGrade'] !== grade}
            patch={() => ({ grade })}
          />
        ))}
      </ActionsColumn>
    </ConsoleList>
  );
};

/**
 * Comments (`/api/admin/mission-comments`): reported first; hide or show with a reason.
 * Below 900 px the id and the moderation reason are left out and long comments wrap.
 */
export const CommentList = () => {
  const wide = useWideConsole();
  return (
    <ConsoleList
      filterDefaultValues={{ reported: true }}
      filters={[
        <NullableBooleanInput key="reported" source="reported" alwaysOn />,
        <NullableBooleanInput key="hidden" source="hidden" alwaysOn />,
        <TextInput key="q" source="q" label="ra.action.search" alwaysOn />,
      ]}
      sort={{ field: 'reportsCount', order: 'DESC' }}
      empty={false}
    >
      {wide && <TextField source="id" />}
      <TextField source="missionId" />
      <TextField source="content" sx={WRAP} />
      <TextField source="username" sx={WRAP} />
      <NumberField source="reportsCount" />
      <BooleanField source="hidden" />
      {wide && <TextField source="moderationReason" emptyText="-" sx={WRAP} />}
      <ActionsColumn label="console.actions.column">
        <UpdateAction
          label="console.actions.hide"
          reasonLabel="console.actions.reason"
          color="error"
          show={(record) => !record['hidden']}
          patch={(_, reason) => ({ hidden: true, moderationReason: reason })}
        />
        <UpdateAction
          label="console.actions.unhide"
          reasonLabel="console.actions.reason"
          show={(record) => Boolean(record['hidden'])}
          patch={(_, reason) => ({ hidden: false, moderationReason: reason })}
        />
      </ActionsColumn>
    </ConsoleList>
  );
};

/** Members restricted from commenting until a date (`/api/admin/comment-restrictions`; the id is the member's). */
export const CommentRestrictionList = () => {
  const canWrite = useCanWrite('comment-restrictions');
  return (
    <ConsoleList actions={<ListActions create={canWrite} />} sort={{ field: 'createdAt', order: 'DESC' }} empty={false}>
      <TextField source="id" />
      <TextField source="username" />
      <KstDateField source="until" showTime />
      <TextField source="reason" />
      <KstDateField source="createdAt" />
      {canWrite && <DeleteButton mutationMode="pessimistic" label="console.actions.lift" />}
    </ConsoleList>
  );
};

export const CommentRestrictionCreate = () => (
  <Create redirect="list">
    <SimpleForm>
      <NumberInput source="userId" validate={required()} />
      <KstDateTimeInput source="until" validate={required()} />
      <TextInput source="reason" multiline fullWidth validate={[required(), maxLength(500)]} />
    </SimpleForm>
  </Create>
);
