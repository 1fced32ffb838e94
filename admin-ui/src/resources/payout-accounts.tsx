import { adminListSortFields, type AdminPayoutAccountChange, type PayoutAccountState } from '@fanmission/contracts';
import { Box, Typography } from '@mui/material';
import {
  BooleanField,
  Datagrid,
  FunctionField,
  NumberInput,
  Pagination,
  ReferenceManyField,
  Show,
  SimpleShowLayout,
  TextField,
  useTranslate,
} from 'react-admin';
import { KstDateField } from '../format/kst';
import { CodeField } from './code-field';
import { ConsoleList, WRAP, useWideConsole } from './list-actions';
import { withContractSorts } from './list-sorts';

/*
 * The history of creators' payout accounts (`/api/admin/payout-account-changes`, read-only: the table refuses
 * changes). Finance sees whole account numbers, operators the last four digits (the server decides).
 */

/** One side of a change: bank, number, holder and whether it is abroad. */
function AccountText({ account }: { account: PayoutAccountState }) {
  const translate = useTranslate();
  if (account.bankName === null) return <>-</>;
  const abroad = account.payoutOverseas ? ` (${translate('resources.payout-account-changes.abroad')})` : '';
  return (
    <Typography component="span" variant="body2">
      {`${account.bankName} ${account.bankAccountNumber ?? ''} · ${account.bankAccountHolder ?? ''}${abroad}`}
    </Typography>
  );
}

const fromField = (
  <FunctionField<AdminPayoutAccountChange>
    source="from"
    sortable={false}
    render={(record) => <AccountText account={record.from} />}
  />
);
const toField = (
  <FunctionField<AdminPayoutAccountChange>
    source="to"
    sortable={false}
    render={(record) => <AccountText account={record.to} />}
  />
);

/** Who changed it: the creator himself, or a staff member (his e-mail). */
const actorField = (
  <FunctionField<AdminPayoutAccountChange>
    source="actorEmail"
    sortable={false}
    render={(record) => <ActorText change={record} />}
  />
);

function ActorText({ change }: { change: AdminPayoutAccountChange }) {
  const translate = useTranslate();
  return (
    <Typography component="span" variant="body2" sx={WRAP}>
      {change.byCreator ? translate('resources.payout-account-changes.byCreator') : (change.actorEmail ?? '-')}
    </Typography>
  );
}

/** All changes, newest first, filtered by creator; below 900 px the reason and the address are left out. */
export const PayoutAccountChangeList = () => {
  const wide = useWideConsole();
  return (
    <ConsoleList
      rowClick="show"
      sort={{ field: 'id', order: 'DESC' }}
      filters={[<NumberInput key="creatorId" source="creatorId" alwaysOn />]}
    >
      <KstDateField source="changedAt" showTime />
      <TextField source="creatorName" sx={WRAP} />
      {actorField}
      {fromField}
      {toField}
      {wide && <TextField source="reason" emptyText="-" sx={WRAP} />}
      {wide && <TextField source="requestIp" emptyText="-" />}
    </ConsoleList>
  );
};

export const PayoutAccountChangeShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="id" />
      <KstDateField source="changedAt" showTime />
      <TextField source="creatorId" />
      <TextField source="creatorName" />
      {actorField}
      <CodeField source="actorRoles" family="role" />
      <TextField source="reason" emptyText="-" />
      {fromField}
      {toField}
      <BooleanField source="destinationChanged" />
      <TextField source="requestIp" emptyText="-" />
    </SimpleShowLayout>
  </Show>
);

/**
 * A creator's payout account history, on his page or on a statement (`source`: the record's creator id field),
 * newest first. `label` is read by the show layout around it, which labels its direct children.
 */
export function CreatorPayoutHistory({ source = 'id' }: { source?: string; label: string }) {
  return (
    <ReferenceManyField
      reference="payout-account-changes"
      target="creatorId"
      source={source}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={10}
      pagination={<Pagination rowsPerPageOptions={[10]} />}
      empty={<Typography variant="body2">{'-'}</Typography>}
    >
      {/* On a phone the table scrolls in its own box, each cell on one line (a number broken letter by letter is
          unreadable). */}
      <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
        <Datagrid bulkActionButtons={false} rowClick={false} sx={{ '& .MuiTableCell-root': { whiteSpace: 'nowrap' } }}>
          {withContractSorts(
            [
              <KstDateField key="changedAt" source="changedAt" showTime />,
              actorField,
              fromField,
              toField,
              <TextField key="reason" source="reason" emptyText="-" />,
            ],
            adminListSortFields('payout-account-changes'),
          )}
        </Datagrid>
      </Box>
    </ReferenceManyField>
  );
}
