import {
  formatNumber,
  type AdminBonusGrant,
  type AdminBonusGrantCreate,
  type AdminCoinItem,
  type AdminUser,
  type BonusGrantRecipients,
} from '@fanmission/contracts';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useId, useState } from 'react';
import {
  AutocompleteArrayInput,
  Create,
  FormDataConsumer,
  NumberField,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceArrayInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  maxLength,
  minValue,
  required,
  useGetMany,
  useGetOne,
  useNotify,
  useRedirect,
  useSaveContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { KstDateField, KstDateTimeInput } from '../format/kst';
import type { WithPendingApproval } from '../data-provider';
import { MoneySummary, type MoneyFacts } from './money-confirm';
import { ListActions, ConsoleList, WRAP, useWideConsole } from './list-actions';
import { useCanWrite } from '../permissions';

/** What the grant form holds: the members picked (their ids), or the sign-up period. */
interface GrantForm {
  coinItemId: number;
  reason: string;
  budgetCoins: number;
  mode: 'userIds' | 'filter';
  userIds?: number[];
  joinedFrom?: string | null;
  joinedTo?: string | null;
}

/** A member as the search and the confirmation name him. */
type Member = Pick<AdminUser, 'id' | 'username' | 'email'>;

/** "리뷰팬 (fan@example.com)": the nickname, and the e-mail that tells two of the same nickname apart. */
export const memberLabel = (member: Member) =>
  member.email ? `${member.username} (${member.email})` : member.username;

/** The confirmation names this many members, then "외 N명". */
const NAMED_MEMBERS = 5;

const idsOf = (ids: number[] | undefined) => ids ?? [];

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
      <KstDateField source="createdAt" showTime />
    </ConsoleList>
  );
};

/**
 * What a grant gives, as its confirmation says it: the members (by name and e-mail, the first five then how many
 * more; or those who joined in the period), the coins
 * (each member's, up to the budget in all) and their worth; above the approval limit it waits for a second finance
 * member.
 */
export function grantFacts(
  form: GrantForm,
  coinsEach: number | undefined,
  members: readonly Member[],
  translate: (key: string, options?: Record<string, unknown>) => string,
): MoneyFacts {
  const ids = form.mode === 'userIds' ? idsOf(form.userIds) : [];
  const byId = new Map(members.map((member) => [member.id, member]));
  const named = ids.slice(0, NAMED_MEMBERS).map((id) => {
    const member = byId.get(id);
    return member ? memberLabel(member) : `#${id}`;
  });
  const others = ids.length - named.length;
  return {
    who:
      form.mode === 'userIds'
        ? translate(others > 0 ? 'console.confirm.membersAndOthers' : 'console.confirm.members', {
            names: named.join(', '),
            others,
          })
        : translate('console.confirm.membersJoined'),
    coins:
      coinsEach !== undefined && form.mode === 'userIds'
        ? Math.min(coinsEach * ids.length, form.budgetCoins)
        : form.budgetCoins,
    next: 'console.confirm.next.bonusGrant',
    nextArgs: { each: coinsEach ?? '-', budget: form.budgetCoins },
    approval: 'aboveBonusCoins',
  };
}

/**
 * Finance grants a BONUS coin item to fans found by nickname or e-mail, or chosen by their sign-up period, with a reason and a budget. The form keeps
 * one Idempotency-Key while it is open, so a second click or a retried request grants nothing twice. A grant above the
 * limit is sent for approval and its request opens. Saving asks first, naming the members and the coins.
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
        // Under it, the grant ran: the notice says to how many members and how many coins in all.
        onSuccess: (
          data: RaRecord & WithPendingApproval & Partial<Pick<AdminBonusGrant, 'recipients' | 'grantedCoins'>>,
        ) => {
          if (data.pendingApproval) {
            notify('console.approvals.requested', { type: 'info' });
            redirect('show', 'approvals', data.pendingApproval.id);
          } else {
            notify('console.bonusGrants.granted', {
              type: 'success',
              messageArgs: {
                recipients: formatNumber(data.recipients ?? 0),
                coins: formatNumber(data.grantedCoins ?? 0),
              },
            });
            redirect('list', 'bonus-grants');
          }
        },
      }}
    >
      <GrantFormWithConfirmation />
    </Create>
  );
};

/**
 * The grant form: its save checks the form, then a dialog says what the grant gives (`grantFacts`); only its
 * confirmation sends the grant (the create's save, with the form's Idempotency-Key).
 */
function GrantFormWithConfirmation() {
  const { save, saving } = useSaveContext();
  const translate = useTranslate();
  const titleId = useId();
  const [asked, setAsked] = useState<GrantForm | null>(null);
  // The coin item's coins each member gets (the form holds its id only).
  const { data: item } = useGetOne<AdminCoinItem>(
    'coin-items',
    { id: asked?.coinItemId ?? 0 },
    { enabled: asked !== null },
  );
  // The members picked, to name them (the form holds their ids).
  const pickedIds = asked?.mode === 'userIds' ? idsOf(asked.userIds).slice(0, NAMED_MEMBERS) : [];
  const { data: members = [] } = useGetMany<AdminUser>('users', { ids: pickedIds }, { enabled: pickedIds.length > 0 });
  return (
    <>
      <SimpleForm defaultValues={{ mode: 'userIds' }} onSubmit={(values: object) => setAsked(values as GrantForm)}>
        <ReferenceInput source="coinItemId" reference="coin-items" filter={{ itemType: 'BONUS' }}>
          <SelectInput
            optionText={(option: AdminCoinItem) =>
              translate('console.bonusGrants.itemOption', { name: option.name, coins: formatNumber(option.point) })
            }
            validate={required()}
          />
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
                <KstDateTimeInput source="joinedFrom" />
                <KstDateTimeInput source="joinedTo" />
              </>
            ) : (
              // Members found by nickname or e-mail as they are typed (the users list's search).
              <ReferenceArrayInput source="userIds" reference="users" perPage={20}>
                <AutocompleteArrayInput
                  optionText={memberLabel}
                  filterToQuery={(q: string) => ({ q })}
                  validate={required()}
                  fullWidth
                />
              </ReferenceArrayInput>
            )
          }
        </FormDataConsumer>
      </SimpleForm>
      <Dialog open={asked !== null} onClose={() => setAsked(null)} aria-labelledby={titleId} fullWidth maxWidth="xs">
        <DialogTitle id={titleId}>{translate('console.confirm.bonusGrantTitle')}</DialogTitle>
        <DialogContent>
          {asked && <MoneySummary facts={grantFacts(asked, item?.point, members, translate)} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsked(null)}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            disabled={saving}
            onClick={() => {
              const values = asked!;
              setAsked(null);
              void save?.(values);
            }}
          >
            {translate('ra.action.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
