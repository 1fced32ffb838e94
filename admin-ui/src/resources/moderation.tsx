import {
  BooleanField,
  Datagrid,
  DateField,
  List,
  NullableBooleanInput,
  NumberField,
  NumberInput,
  SelectInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
} from 'react-admin';
import { UpdateAction } from './update-action';

export const PenaltyList = () => (
  <List
    sort={{ field: 'createdAt', order: 'DESC' }}
    filters={[
      <NumberInput key="creatorId" source="creatorId" />,
      <NullableBooleanInput key="lifted" source="lifted" alwaysOn />,
    ]}
  >
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" />
      <TextField source="creatorId" />
      <TextField source="missionId" />
      <NumberField source="level" />
      <BooleanField source="blocksLogin" />
      <DateField source="requestsBlockedUntil" emptyText="-" />
      <DateField source="createdAt" />
      <DateField source="liftedAt" emptyText="-" />
      <UpdateAction
        label="console.actions.lift"
        reasonLabel="resources.creator-penalties.fields.liftNote"
        show={(record) => !record['liftedAt']}
        patch={(_, note) => ({ liftNote: note })}
      />
    </Datagrid>
  </List>
);

/** The creator review queue (issue 15's `/api/admin/creators`): pending first. */
const REVIEW_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'];
const GRADES = ['SILVER', 'GOLD', 'DIAMOND'];

const CreatorDecisions = () => (
  <>
    <UpdateAction
      resource="creators"
      label="console.actions.approve"
      color="success"
      show={(record) => record['reviewStatus'] !== 'APPROVED'}
      patch={() => ({ reviewStatus: 'APPROVED' })}
    />
    <UpdateAction
      resource="creators"
      label="console.actions.reject"
      reasonLabel="console.actions.reason"
      color="error"
      show={(record) => record['reviewStatus'] === 'PENDING'}
      patch={(_, reason) => ({ reviewStatus: 'REJECTED', reviewReason: reason })}
    />
  </>
);

export const CreatorList = () => (
  <List
    filterDefaultValues={{ reviewStatus: 'PENDING' }}
    filters={[
      <SelectInput
        key="reviewStatus"
        source="reviewStatus"
        choices={REVIEW_STATUSES.map((id) => ({ id, name: id }))}
        alwaysOn
      />,
      <TextInput key="q" source="q" alwaysOn />,
    ]}
    empty={false}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="id" />
      <TextField source="name" />
      <TextField source="reviewStatus" />
      <TextField source="grade" />
      <BooleanField source="containAdultContent" />
      <CreatorDecisions />
    </Datagrid>
  </List>
);

export const CreatorShow = () => (
  <Show
    actions={
      <TopToolbar>
        <CreatorDecisions />
        {GRADES.map((grade) => (
          <UpdateAction
            key={grade}
            resource="creators"
            label={grade}
            show={(record) => record['grade'] !== grade}
            patch={() => ({ grade })}
          />
        ))}
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <TextField source="id" />
      <TextField source="name" />
      <TextField source="reviewStatus" />
      <TextField source="reviewReason" emptyText="-" />
      <TextField source="grade" />
      <BooleanField source="containAdultContent" />
      <TextField source="description" emptyText="-" />
    </SimpleShowLayout>
  </Show>
);

/** Comments (issue 17's moderation API): reported first; hide and unhide with a reason. */
export const CommentList = () => (
  <List
    filterDefaultValues={{ reported: true }}
    filters={[<NullableBooleanInput key="reported" source="reported" alwaysOn />]}
    sort={{ field: 'reportCount', order: 'DESC' }}
    empty={false}
  >
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <TextField source="id" />
      <TextField source="missionId" />
      <TextField source="content" />
      <NumberField source="reportCount" />
      <BooleanField source="hidden" />
      <UpdateAction
        label="console.actions.hide"
        reasonLabel="console.actions.reason"
        color="error"
        show={(record) => !record['hidden']}
        patch={(_, reason) => ({ hidden: true, reason })}
      />
      <UpdateAction
        label="console.actions.unhide"
        show={(record) => Boolean(record['hidden'])}
        patch={() => ({ hidden: false })}
      />
    </Datagrid>
  </List>
);
