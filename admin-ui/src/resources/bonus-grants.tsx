import type { AdminBonusGrantCreate, BonusGrantRecipients } from '@fanmission/contracts';
import { useState } from 'react';
import {
  Create,
  DateField,
  DateTimeInput,
  FormDataConsumer,
  NumberField,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  maxLength,
  minValue,
  required,
  useNotify,
  useRedirect,
  type RaRecord,
} from 'react-admin';
import type { WithPendingApproval } from '../data-provider';
import { ListActions, ConsoleList, WRAP, useWideConsole } from './list-actions';
import { useCanWrite } from '../permissions';

/** What the grant form holds: the recipients as the person typed them. */
interface GrantForm {
  coinItemId: number;
  reason: string;
  budgetCoins: number;
  mode: 'userIds' | 'filter';
  userIds?: string;
  joinedFrom?: string | null;
  joinedTo?: string | null;
}

/** "12, 15 20" → [12, 15, 20]. */
const idsOf = (text: string | undefined) =>
  (text ?? '')
    .split(/[\s,]+/)
    .filter((part) => part.length > 0)
    .map(Number);

const isoOrUndefined = (value: string | null | undefined) => (value ? new Date(value).toISOString() : undefined);

/** The form as `POST /api/admin/bonus-grants` takes it. */
export function grantRequestOf(form: GrantForm): AdminBonusGrantCreate {
  const recipients: BonusGrantRecipients =
    form.mode === 'userIds'
      ? { userIds: idsOf(form.userIds) }
      : {
          filter: {
            ...(form.joinedFrom ? { joinedFrom: isoOrUndefined(form.joinedFrom) } : {}),
            ...(form.joinedTo ? { joinedTo: isoOrUndefined(form.joinedTo) } : {}),
          },
        };
  return { coinItemId: form.coinItemId, reason: form.reason, budgetCoins: form.budgetCoins, recipients };
}

const validateIds = (value: string | undefined) =>
  idsOf(value).length === 0 || idsOf(value).some((id) => !Number.isInteger(id) || id <= 0)
    ? 'console.bonusGrants.userIdsInvalid'
    : undefined;

/**
 * `/api/admin/bonus-grants`: free-coin events, newest first. Below 900 px the coin item and the author are left out.
 */
export const BonusGrantList = () => {
  const wide = useWideConsole();
  const canWrite = useCanWrite('bonus-grants');
  return (
    <ConsoleList sort={{ field: 'id', order: 'DESC' }} actions={<ListActions create={canWrite} />}>
      {wide && <TextField source="id" />}
      <TextField source="reason" sx={WRAP} />
      {wide && <TextField source="coinItem.name" />}
      <NumberField source="recipients" />
      <NumberField source="grantedCoins" />
      <NumberField source="budgetCoins" />
      <DateField source="createdAt" showTime />
    </ConsoleList>
  );
};

/**
 * Finance grants a BONUS coin item to fans chosen by id or by their sign-up period, with a reason and a budget. The form keeps
 * one Idempotency-Key while it is open, so a second click or a retried request grants nothing twice. A grant above the
 * limit is sent for approval and its request opens.
 */
export const BonusGrantCreate = () => {
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      transform={(form: GrantForm) => grantRequestOf(form)}
      mutationOptions={{
        meta: { idempotencyKey },
        // Above the limit the grant waits for a second finance member: its request is shown among "my requests".
        onSuccess: (data: RaRecord & WithPendingApproval) => {
          if (data.pendingApproval) {
            notify('console.approvals.requested', { type: 'info' });
            redirect('show', 'approvals', data.pendingApproval.id);
          } else {
            notify('ra.notification.created', { type: 'success', messageArgs: { smart_count: 1 } });
            redirect('list', 'bonus-grants');
          }
        },
      }}
    >
      <SimpleForm defaultValues={{ mode: 'userIds' }}>
        <ReferenceInput source="coinItemId" reference="coin-items" filter={{ itemType: 'BONUS' }}>
          <SelectInput optionText="name" validate={required()} />
        </ReferenceInput>
        <TextInput source="reason" validate={[required(), maxLength(200)]} fullWidth />
        <NumberInput source="budgetCoins" validate={[required(), minValue(1)]} />
        <RadioButtonGroupInput
          source="mode"
          choices={[
            { id: 'userIds', name: 'console.bonusGrants.byId' },
            { id: 'filter', name: 'console.bonusGrants.byFilter' },
          ]}
        />
        <FormDataConsumer<GrantForm>>
          {({ formData }) =>
            formData.mode === 'filter' ? (
              <>
                <DateTimeInput source="joinedFrom" />
                <DateTimeInput source="joinedTo" />
              </>
            ) : (
              <TextInput source="userIds" validate={[required(), validateIds]} fullWidth />
            )
          }
        </FormDataConsumer>
      </SimpleForm>
    </Create>
  );
};
