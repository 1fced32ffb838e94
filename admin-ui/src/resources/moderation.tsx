import { CREATOR_GRADES } from '@fanmission/contracts';
import { Box, Typography } from '@mui/material';
import {
  ArrayField,
  BooleanField,
  Create,
  Datagrid,
  Show,
  SimpleShowLayout,
  useTranslate,
  type ShowProps,
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

/** The decisions on a comment, on its row and on its page: hide it, dismiss its reports, show it again. */
function CommentDecisions() {
  return (
    <>
      <UpdateAction
        label="console.actions.hide"
        reasonLabel="console.actions.reason"
        color="error"
        show={(record) => !record['hidden']}
        patch={(_, reason) => ({ hidden: true, moderationReason: reason })}
      />
      {/* A visible comment with reports waiting: the operator finds no breach and leaves it. */}
      <UpdateAction
        label="console.comments.dismiss"
        reasonLabel="console.actions.reason"
        show={(record) => !record['hidden'] && Number(record['openReportsCount']) > 0}
        patch={(_, reason) => ({ hidden: false, moderationReason: reason })}
      />
      <UpdateAction
        label="console.actions.unhide"
        reasonLabel="console.actions.reason"
        show={(record) => Boolean(record['hidden'])}
        patch={(_, reason) => ({ hidden: false, moderationReason: reason })}
      />
    </>
  );
}

/** The 작성자 label the comment's author had as `username`. */
const AUTHOR_LABEL = 'resources.mission-comments.fields.username';

/**
 * Comments (`/api/admin/mission-comments`): those with reports waiting first; a row opens the comment's page with its
 * reports. Below 900 px the id and the moderation reason are left out and long comments wrap.
 */
export const CommentList = () => {
  const wide = useWideConsole();
  return (
    <ConsoleList
      filterDefaultValues={{ reported: true }}
      filters={[
        <NullableBooleanInput key="reported" source="reported" alwaysOn />,
        <NullableBooleanInput key="awaitingDecision" source="awaitingDecision" alwaysOn />,
        <NullableBooleanInput key="hidden" source="hidden" alwaysOn />,
        <TextInput key="q" source="q" label="ra.action.search" alwaysOn />,
      ]}
      sort={{ field: 'reportsCount', order: 'DESC' }}
      empty={false}
      rowClick="show"
    >
      {wide && <TextField source="id" />}
      <TextField source="missionId" />
      <TextField source="content" sx={WRAP} />
      {/* 작성자: the name the mission's page signs the comment with (a creator's creator name, else the nickname). */}
      <TextField source="authorName" label={AUTHOR_LABEL} sortable={false} sx={WRAP} />
      <NumberField source="reportsCount" />
      <NumberField source="openReportsCount" />
      <BooleanField source="hidden" />
      {wide && <TextField source="moderationReason" emptyText="-" sx={WRAP} />}
      <ActionsColumn label="console.actions.column">
        <CommentDecisions />
      </ActionsColumn>
    </ConsoleList>
  );
};

const REPORT_FIELD = (field: string) => `resources.mission-comments.fields.reports.${field}`;

/** One comment: what it says, where it stands, its reports (who, why, when, what was decided) and the decisions. */
export const CommentShow = (props: ShowProps) => (
  <Show actions={false} {...props}>
    <SimpleShowLayout>
      <TextField source="content" sx={WRAP} />
      <TextField source="authorName" label={AUTHOR_LABEL} sx={WRAP} />
      <TextField source="missionId" />
      <KstDateField source="createdAt" showTime />
      <NumberField source="reportsCount" />
      <NumberField source="openReportsCount" />
      <BooleanField source="hidden" />
      <TextField source="moderationReason" emptyText="-" sx={WRAP} />
      <ArrayField source="reports" label={REPORT_FIELD('name')}>
        <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
          {/* Narrow screens scroll the table sideways; only the reporter's words wrap, in a readable width. */}
          <Datagrid
            bulkActionButtons={false}
            rowClick={false}
            empty={<CommentReportsEmpty />}
            sx={{ '& .MuiTableCell-root': { whiteSpace: 'nowrap' } }}
          >
            <TextField source="reporterName" label={REPORT_FIELD('reporterName')} />
            <TextField source="reporterEmail" label={REPORT_FIELD('reporterEmail')} emptyText="-" />
            <CodeField source="reason" family="commentReportReason" label={REPORT_FIELD('reason')} />
            <TextField
              source="detail"
              label={REPORT_FIELD('detail')}
              emptyText="-"
              sx={{ display: 'block', minWidth: '12rem', whiteSpace: 'normal' }}
            />
            <KstDateField source="createdAt" showTime label={REPORT_FIELD('createdAt')} />
            <CodeField
              source="outcome"
              family="commentReportOutcome"
              label={REPORT_FIELD('outcome')}
              emptyText="console.comments.waiting"
            />
          </Datagrid>
        </Box>
      </ArrayField>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <CommentDecisions />
      </Box>
    </SimpleShowLayout>
  </Show>
);

function CommentReportsEmpty() {
  const translate = useTranslate();
  return <Typography sx={{ py: 1 }}>{translate('console.comments.noReports')}</Typography>;
}

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
