import { STAFF_APPROVAL_KINDS, STAFF_ROLES, type AdminApproval } from '@fanmission/contracts';
import { Box, List as MuiList, ListItem, Typography } from '@mui/material';
import {
  BooleanField,
  BooleanInput,
  CheckboxGroupInput,
  Create,
  Edit,
  EmailField,
  NullableBooleanInput,
  Labeled,
  Link,
  NumberField,
  ReferenceField,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  email,
  required,
  useRecordContext,
  type RaRecord,
  useNotify,
  useRedirect,
  useRefresh,
  useGetList,
  useTranslate,
} from 'react-admin';
import { KstDateField } from '../format/kst';
import { CodeField, codeChoices, useCodeLabel } from './code-field';
import { ReasonAction } from './reason-action';
import { ActionsColumn, ConsoleList, WRAP, WritableList, useWideConsole } from './list-actions';
import { UpdateAction } from './update-action';
import type { WithPendingApproval } from '../data-provider';
import { ApprovalSummaryText } from './approvals';

const userFilters = [
  <TextInput key="q" source="q" label="ra.action.search" alwaysOn />,
  <SelectInput key="role" source="role" choices={codeChoices('role')} />,
  <NullableBooleanInput key="loginBlocked" source="loginBlocked" />,
];

const BlockLoginActions = () => (
  <>
    <UpdateAction
      resource="users"
      label="console.actions.blockLogin"
      reasonLabel="console.actions.reason"
      color="error"
      show={(record) => !record['loginBlocked']}
      patch={(_, reason) => ({ loginBlocked: true, loginBlockReason: reason })}
      done={(record) => ['console.done.loginBlocked', { who: record['email'] }]}
    />
    <UpdateAction
      resource="users"
      label="console.actions.unblockLogin"
      show={(record) => Boolean(record['loginBlocked'])}
      patch={() => ({ loginBlocked: false, loginBlockReason: null })}
      done={(record) => ['console.done.loginUnblocked', { who: record['email'] }]}
    />
  </>
);

/** Below 900 px: e-mail, roles, coins, blocked and the decision (the rest is on the member's page). */
export const UserList = () => {
  const wide = useWideConsole();
  return (
    <ConsoleList rowClick="show" filters={userFilters} sort={{ field: 'id', order: 'DESC' }}>
      {wide && <TextField source="id" />}
      <EmailField source="email" sx={WRAP} />
      {wide && <TextField source="username" sx={WRAP} />}
      <CodeField source="roles" family="role" />
      <NumberField source="coins" />
      <BooleanField source="loginBlocked" />
      {wide && <KstDateField source="createdAt" />}
      <ActionsColumn label="console.actions.column">
        <BlockLoginActions />
      </ActionsColumn>
    </ConsoleList>
  );
};

/** A member's missions by status: each status's label and how many. */
function MissionsByStatus(_props: { source: string }) {
  const record = useRecordContext<{ missionsByStatus?: Record<string, number> }>();
  const label = useCodeLabel();
  const counts = Object.entries(record?.missionsByStatus ?? {});
  return (
    <Typography component="span" variant="body2">
      {counts.map(([status, count]) => `${label('missionStatus', status)} ${count}`).join(' · ') || '-'}
    </Typography>
  );
}

export const UserShow = () => (
  <Show
    actions={
      <TopToolbar>
        <BlockLoginActions />
        {/* One person verifies one account as an adult; a second of his waits for this (identity-verification/admin-routes.ts). */}
        <ReasonAction
          resource="users"
          label="console.actions.allowSharedAdultIdentity"
          url={(record) => `/api/admin/users/${record.id}/adult-identity-allowance`}
          show={(record) =>
            !(record['roles'] as string[]).some((role) => (STAFF_ROLES as readonly string[]).includes(role))
          }
          done="console.done.adultIdentityAllowed"
        />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <TextField source="id" />
      <EmailField source="email" />
      <TextField source="username" />
      <TextField source="phone" emptyText="-" />
      <CodeField source="provider" family="accountProvider" />
      <CodeField source="roles" family="role" sortable={false} />
      <TextField source="creatorId" emptyText="-" />
      <NumberField source="coins" />
      <MissionsByStatus source="missionsByStatus" />
      <NumberField source="missionsHidden" />
      <NumberField source="openBankTransfers" />
      <NumberField source="openRefunds" />
      <BooleanField source="loginBlocked" />
      <TextField source="loginBlockReason" emptyText="-" />
      <KstDateField source="createdAt" showTime />
    </SimpleShowLayout>
  </Show>
);

const roleChoices = codeChoices('role', STAFF_ROLES);

/** Who approved an account's last staff change (the founding team's accounts have none). */
const ApproverField = ({ source }: { source: 'approvedBy' | 'grantedBy' }) => (
  <ReferenceField source={source} reference="staff" link={false} emptyText="—">
    <TextField source="email" />
  </ReferenceField>
);

/**
 * The staff changes waiting for a second member's approval (invitations, roles, (de)activations): nothing of them has
 * happened yet. Each opens its request, where a member who may approve it does.
 */
export function PendingStaffRequests() {
  const translate = useTranslate();
  const { data, isPending } = useGetList<AdminApproval>('approvals', {
    pagination: { page: 1, perPage: 50 },
    sort: { field: 'id', order: 'DESC' },
    filter: { status: 'PENDING', kind: STAFF_APPROVAL_KINDS },
  });
  if (isPending) return null;
  return (
    <Box component="section" aria-labelledby="pending-staff-requests" sx={{ mt: 2 }}>
      <Typography id="pending-staff-requests" variant="h6" component="h2">
        {translate('console.staff.pendingTitle')}
      </Typography>
      {(data ?? []).length === 0 ? (
        <Typography variant="body2">{translate('console.staff.pendingNone')}</Typography>
      ) : (
        <MuiList dense>
          {(data ?? []).map((request) => (
            <ListItem key={request.id} disableGutters>
              <Link to={`/approvals/${request.id}/show`}>
                <ApprovalSummaryText record={request} />
              </Link>
              <Typography variant="body2" component="span" sx={{ ml: 1 }}>
                {translate('console.staff.pendingBy', { email: request.makerEmail ?? request.makerId })}
              </Typography>
            </ListItem>
          ))}
        </MuiList>
      )}
    </Box>
  );
}

export const StaffList = () => (
  <>
    <WritableList resource="staff" sort={{ field: 'id', order: 'ASC' }}>
      <TextField source="id" />
      <EmailField source="email" />
      <TextField source="username" />
      <CodeField source="roles" family="role" />
      <BooleanField source="active" />
      <BooleanField source="invitationPending" />
      <ApproverField source="approvedBy" />
      <KstDateField source="createdAt" />
    </WritableList>
    <PendingStaffRequests />
  </>
);

/** Inviting a console member usually waits for a second member's approval: its request opens then. */
export const StaffCreate = () => {
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      mutationOptions={{
        onSuccess: (data: RaRecord & WithPendingApproval) => {
          if (data.pendingApproval) {
            notify('console.approvals.requested', { type: 'info' });
            redirect('show', 'approvals', data.pendingApproval.id);
          } else redirect('list', 'staff');
        },
      }}
    >
      <StaffCreateForm />
    </Create>
  );
};

const StaffCreateForm = () => (
  <SimpleForm>
    <TextInput source="email" type="email" validate={[required(), email()]} />
    <TextInput source="username" />
    <CheckboxGroupInput source="roles" choices={roleChoices} validate={required()} />
  </SimpleForm>
);

/** Every change is sent for approval: the form says so and stays on the account, which is unchanged until then. */
export const StaffEdit = () => {
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <Edit
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: (data: RaRecord & WithPendingApproval) => {
          if (data.pendingApproval) notify('console.approvals.requested', { type: 'info' });
          else notify('ra.notification.updated', { type: 'success', messageArgs: { smart_count: 1 } });
          refresh();
        },
      }}
    >
      <StaffEditForm />
    </Edit>
  );
};

const StaffEditForm = () => (
  <SimpleForm>
    <TextField source="email" />
    <CheckboxGroupInput source="roles" choices={roleChoices} validate={required()} />
    <BooleanInput source="active" helperText="console.staff.oneChange" />
    <Labeled source="grantedBy">
      <ApproverField source="grantedBy" />
    </Labeled>
    <Labeled source="approvedBy">
      <ApproverField source="approvedBy" />
    </Labeled>
    <Labeled source="approvedAt">
      <KstDateField source="approvedAt" showTime emptyText="—" />
    </Labeled>
  </SimpleForm>
);
