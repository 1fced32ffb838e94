import { STAFF_ROLES } from '@fanmission/contracts';
import { Chip, Stack } from '@mui/material';
import {
  BooleanField,
  BooleanInput,
  CheckboxGroupInput,
  Create,
  DateField,
  Edit,
  EmailField,
  FunctionField,
  NullableBooleanInput,
  NumberField,
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
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { ActionsColumn, ConsoleList, WRAP, WritableList, useWideConsole } from './list-actions';
import { UpdateAction } from './update-action';

export function RolesField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<RaRecord & { roles?: string[] }>();
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {(record?.roles ?? []).map((role) => (
        <Chip key={role} size="small" label={translate(`console.roles.${role}`, { _: role.replace('ROLE_', '') })} />
      ))}
    </Stack>
  );
}

const userFilters = [
  <TextInput key="q" source="q" label="ra.action.search" alwaysOn />,
  <SelectInput
    key="role"
    source="role"
    choices={['ROLE_USER', 'ROLE_CREATOR', 'ROLE_UNVERIFIED', 'ROLE_OPERATOR', 'ROLE_FINANCE'].map((id) => ({
      id,
      name: id,
    }))}
  />,
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
    />
    <UpdateAction
      resource="users"
      label="console.actions.unblockLogin"
      show={(record) => Boolean(record['loginBlocked'])}
      patch={() => ({ loginBlocked: false, loginBlockReason: null })}
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
      <RolesField source="roles" />
      <NumberField source="coins" />
      <BooleanField source="loginBlocked" />
      {wide && <DateField source="createdAt" />}
      <ActionsColumn label="console.actions.column">
        <BlockLoginActions />
      </ActionsColumn>
    </ConsoleList>
  );
};

export const UserShow = () => (
  <Show
    actions={
      <TopToolbar>
        <BlockLoginActions />
      </TopToolbar>
    }
  >
    <SimpleShowLayout>
      <TextField source="id" />
      <EmailField source="email" />
      <TextField source="username" />
      <TextField source="phone" emptyText="-" />
      <TextField source="provider" />
      <RolesField source="roles" />
      <TextField source="creatorId" emptyText="-" />
      <NumberField source="coins" />
      <FunctionField
        source="missionsByStatus"
        render={(record: { missionsByStatus?: Record<string, number> }) =>
          Object.entries(record.missionsByStatus ?? {})
            .map(([status, count]) => `${status} ${count}`)
            .join(' · ') || '-'
        }
      />
      <NumberField source="missionsHidden" />
      <NumberField source="openBankTransfers" />
      <NumberField source="openRefunds" />
      <BooleanField source="loginBlocked" />
      <TextField source="loginBlockReason" emptyText="-" />
      <DateField source="createdAt" showTime />
    </SimpleShowLayout>
  </Show>
);

const roleChoices = STAFF_ROLES.map((id) => ({ id, name: `console.roles.${id}` }));

export const StaffList = () => (
  <WritableList resource="staff" sort={{ field: 'id', order: 'ASC' }}>
    <TextField source="id" />
    <EmailField source="email" />
    <TextField source="username" />
    <RolesField source="roles" />
    <BooleanField source="active" />
    <BooleanField source="invitationPending" />
    <DateField source="createdAt" />
  </WritableList>
);

export const StaffCreate = () => (
  <Create redirect="list">
    <SimpleForm>
      <TextInput source="email" type="email" validate={[required(), email()]} />
      <TextInput source="username" />
      <CheckboxGroupInput source="roles" choices={roleChoices} validate={required()} />
    </SimpleForm>
  </Create>
);

export const StaffEdit = () => (
  <Edit mutationMode="pessimistic">
    <SimpleForm>
      <TextField source="email" />
      <CheckboxGroupInput source="roles" choices={roleChoices} validate={required()} />
      <BooleanInput source="active" />
    </SimpleForm>
  </Edit>
);
