import { Box, Typography } from '@mui/material';
import {
  ArrayField,
  BooleanField,
  Datagrid,
  NullableBooleanInput,
  NumberField,
  NumberInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  useTranslate,
  type ShowProps,
} from 'react-admin';
import { KstDateField } from '../format/kst';
import { CodeField } from './code-field';
import { ActionsColumn, ConsoleList, WRAP, useWideConsole } from './list-actions';
import { UpdateAction } from './update-action';

/*
 * Reviews of completed missions (`/api/admin/mission-reviews`), moderated as comments are (resources/moderation.tsx):
 * reported ones first, hidden or shown with a reason (each decision is in the audit log).
 */

const RATING_CHOICES = [5, 4, 3, 2, 1].map((stars) => ({ id: stars, name: '★'.repeat(stars) }));

/** The decisions on a review, on its row and on its page: hide it, dismiss its reports, show it again. */
function ReviewDecisions() {
  return (
    <>
      <UpdateAction
        label="console.actions.hide"
        reasonLabel="console.actions.reason"
        color="error"
        show={(record) => !record['hidden']}
        patch={(_, reason) => ({ hidden: true, moderationReason: reason })}
      />
      <UpdateAction
        label="console.comments.dismiss"
        reasonLabel="console.actions.reason"
        show={(record) => !record['hidden'] && record['reportsOpenSince'] != null}
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

/** Filters: reported, waiting for a decision, hidden, the creator (id) and the rating. */
export const ReviewList = () => {
  const wide = useWideConsole();
  return (
    <ConsoleList
      filterDefaultValues={{ reported: true }}
      filters={[
        <NullableBooleanInput key="reported" source="reported" alwaysOn />,
        <NullableBooleanInput key="awaitingDecision" source="awaitingDecision" alwaysOn />,
        <NullableBooleanInput key="hidden" source="hidden" alwaysOn />,
        <NumberInput key="creatorId" source="creatorId" alwaysOn />,
        <SelectInput key="rating" source="rating" choices={RATING_CHOICES} alwaysOn />,
      ]}
      sort={{ field: 'reportsCount', order: 'DESC' }}
      empty={false}
      rowClick="show"
    >
      {wide && <TextField source="id" />}
      <TextField source="creatorName" sx={WRAP} />
      <NumberField source="rating" />
      <TextField source="content" sx={WRAP} />
      <TextField source="username" sx={WRAP} />
      <NumberField source="reportsCount" />
      <BooleanField source="hidden" />
      {wide && <TextField source="moderationReason" emptyText="-" sx={WRAP} />}
      <ActionsColumn label="console.actions.column">
        <ReviewDecisions />
      </ActionsColumn>
    </ConsoleList>
  );
};

const REPORT_FIELD = (field: string) => `resources.mission-reviews.fields.reports.${field}`;

/** One review: what it says, the creator's reply, where it stands, its reports and the decisions. */
export const ReviewShow = (props: ShowProps) => (
  <Show actions={false} {...props}>
    <SimpleShowLayout>
      <NumberField source="rating" />
      <TextField source="content" sx={WRAP} />
      <TextField source="reply" emptyText="-" sx={WRAP} />
      <TextField source="username" sx={WRAP} />
      <BooleanField source="authorBlocked" />
      <TextField source="creatorName" />
      <TextField source="missionId" />
      <KstDateField source="createdAt" showTime />
      <NumberField source="helpfulCount" />
      <NumberField source="reportsCount" />
      <BooleanField source="hidden" />
      <TextField source="moderationReason" emptyText="-" sx={WRAP} />
      <ArrayField source="reports" label={REPORT_FIELD('name')}>
        <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
          <Datagrid
            bulkActionButtons={false}
            rowClick={false}
            empty={<ReviewReportsEmpty />}
            sx={{ '& .MuiTableCell-root': { whiteSpace: 'nowrap' } }}
          >
            <TextField source="reporterName" label={REPORT_FIELD('reporterName')} />
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
        <ReviewDecisions />
      </Box>
    </SimpleShowLayout>
  </Show>
);

function ReviewReportsEmpty() {
  const translate = useTranslate();
  return <Typography sx={{ py: 1 }}>{translate('console.comments.noReports')}</Typography>;
}
