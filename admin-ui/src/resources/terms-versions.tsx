import {
  TERMS_NOTICE_DAYS,
  UNFAVOURABLE_TERMS_NOTICE_DAYS,
  type AdminTermsVersion,
  type SubError,
} from '@fanmission/contracts';
import {
  BooleanField,
  BooleanInput,
  Create,
  DateInput,
  DeleteWithConfirmButton,
  FunctionField,
  NumberField,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  required,
  useCreate,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { KstDateField, formatKst } from '../format/kst';
import { useCanWrite } from '../permissions';
import { CodeField, codeChoices, useCodeLabel } from './code-field';
import { ActionsColumn, ConsoleList, ListActions, useWideConsole } from './list-actions';

const RESOURCE = 'terms-versions';

/** Withdrawing a version not yet in force (the server refuses any other). */
function WithdrawButton() {
  const record = useRecordContext<AdminTermsVersion>();
  const translate = useTranslate();
  if (record?.state !== 'SCHEDULED') return null;
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      label="console.terms.withdraw"
      confirmTitle={translate('console.terms.withdrawTitle', { version: record.version })}
      confirmContent="console.terms.withdrawBody"
      redirect={false}
    />
  );
}

/** `/terms-versions`: every version of the three documents with its state today; operators publish and withdraw. */
export const TermsVersionList = () => {
  const canWrite = useCanWrite(RESOURCE);
  const translate = useTranslate();
  // A phone shows where each version stands in two columns (document and version; state and date), the rest on wider
  // screens.
  const wide = useWideConsole();
  const codeLabel = useCodeLabel();
  return (
    <ConsoleList actions={<ListActions create={canWrite} />} sort={{ field: 'id', order: 'DESC' }}>
      {wide && <TextField source="id" />}
      {wide && <CodeField source="kind" family="termsKind" />}
      {wide && <NumberField source="version" />}
      {wide && <CodeField source="state" family="termsVersionState" sx={{ whiteSpace: 'nowrap' }} />}
      {wide && <KstDateField source="effectiveAt" />}
      {wide && <BooleanField source="unfavourable" />}
      {wide && <KstDateField source="publishedAt" />}
      {wide && <KstDateField source="noticeSentAt" showTime emptyText={translate('console.terms.pending')} />}
      {!wide && (
        <FunctionField<AdminTermsVersion>
          source="kind"
          render={(record) => `${codeLabel('termsKind', record.kind)} · ${record.version}`}
        />
      )}
      {!wide && (
        <FunctionField<AdminTermsVersion>
          source="state"
          render={(record) => (
            <>
              {codeLabel('termsVersionState', record.state)}
              <br />
              {formatKst(record.effectiveAt)}
            </>
          )}
        />
      )}
      {canWrite && (
        <ActionsColumn label="console.actions.column">
          <WithdrawButton />
        </ActionsColumn>
      )}
    </ConsoleList>
  );
};

/** The server's field errors as the form's (`summary.ja` → `{ summary: { ja } }`), or null for another error. */
export function fieldErrorsOf(error: unknown): Record<string, unknown> | null {
  const subErrors = (error as { body?: { subErrors?: SubError[] } } | null)?.body?.subErrors;
  if (!subErrors?.length) return null;
  const errors: Record<string, unknown> = {};
  for (const { field, message } of subErrors) {
    const path = field.split('.');
    let node = errors;
    for (const part of path.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[path.at(-1)!] = message;
  }
  return errors;
}

const LANGUAGES = ['ko', 'en', 'ja'] as const;
/** The texts of a version, each in every language. */
const TEXTS = [
  { field: 'summary', minRows: 2, helperText: undefined },
  { field: 'body', minRows: 8, helperText: 'console.terms.bodyHelp' },
] as const;

/** Publishing a version: the document, the effective date, whether it is unfavourable, the summary and texts in ko/en/ja. */
export const TermsVersionCreate = () => {
  const [create] = useCreate();
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  const save = async (data: Record<string, unknown>) => {
    try {
      await create(RESOURCE, { data }, { returnPromise: true });
      notify('console.terms.published', { type: 'success' });
      redirect('list', RESOURCE);
      return undefined;
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields) return fields;
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
      return undefined;
    }
  };
  return (
    <Create>
      <SimpleForm onSubmit={save} defaultValues={{ unfavourable: false }}>
        <SelectInput source="kind" choices={codeChoices('termsKind')} validate={required()} />
        <DateInput
          source="effectiveDate"
          validate={required()}
          helperText={translate('console.terms.noticeHelp', {
            days: TERMS_NOTICE_DAYS,
            unfavourableDays: UNFAVOURABLE_TERMS_NOTICE_DAYS,
          })}
        />
        <BooleanInput source="unfavourable" />
        {TEXTS.flatMap(({ field, minRows, helperText }) =>
          LANGUAGES.map((language) => (
            <TextInput
              key={`${field}.${language}`}
              source={`${field}.${language}`}
              multiline
              minRows={minRows}
              validate={required()}
              fullWidth
              {...(helperText && { helperText })}
            />
          )),
        )}
      </SimpleForm>
    </Create>
  );
};
