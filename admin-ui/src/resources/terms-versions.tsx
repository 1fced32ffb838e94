import {
  SUPPORTED_LANGUAGES,
  TERMS_KINDS,
  TERMS_NOTICE_DAYS,
  UNFAVOURABLE_TERMS_NOTICE_DAYS,
  type AdminTermsVersion,
  type Language,
  type SubError,
  type TermsKind,
} from '@fanmission/contracts';
import { Box, Typography } from '@mui/material';
import { useMemo, useRef, useState, type ChangeEvent } from 'react';
import {
  BooleanField,
  BooleanInput,
  Create,
  DateInput,
  DeleteWithConfirmButton,
  FormDataConsumer,
  FunctionField,
  NumberField,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  required,
  useCreate,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
  type ShowProps,
  type Validator,
} from 'react-admin';
import { KstDateField, formatKst } from '../format/kst';
import { useCanWrite } from '../permissions';
import { CodeField, codeChoices, useCodeLabel } from './code-field';
import { ActionsColumn, ConsoleList, ListActions, useWideConsole } from './list-actions';
import { TermsComparison, useVersionComparedWith, type TermsBodies } from './terms-comparison';

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
    <ConsoleList actions={<ListActions create={canWrite} />} sort={{ field: 'id', order: 'DESC' }} rowClick="show">
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

/** The texts of a version, each in every language. */
const TEXTS = [
  { field: 'summary', minRows: 2, helperText: undefined },
  { field: 'body', minRows: 8, helperText: 'console.terms.bodyHelp' },
] as const;

/**
 * When the document (or its version) changes, the texts not edited follow it and the edited ones stay. One object for
 * the form's life: react-admin resets the form whenever its reset options change.
 */
const KEEP_EDITED_TEXTS = { keepDirtyValues: true } as const;

const isTermsKind = (value: unknown): value is TermsKind => (TERMS_KINDS as readonly unknown[]).includes(value);

/**
 * A summary copied unchanged from the version compared with describes that version's changes, not this one's. The
 * validator reads the version as it is when the form is checked (it loads after the form is built).
 */
function summaryChangedFrom(base: { readonly current: AdminTermsVersion | null | undefined }, language: Language) {
  return (value: unknown) =>
    base.current && typeof value === 'string' && value.trim() === base.current.summary[language].trim()
      ? 'console.terms.summaryUnchanged'
      : undefined;
}

/**
 * Publishing a version: the document, the effective date, whether it is unfavourable, the summary and texts in ko/en/ja.
 * Choosing the document fills every text in from the version it follows (the one in force, or the one announced
 * after it), and the 신·구 조문 대비표 under the texts compares that version with the texts as typed. A text the
 * operator has edited stays when he chooses another document (`keepDirtyValues`); the others follow the document.
 */
export const TermsVersionCreate = () => {
  const [create] = useCreate();
  const notify = useNotify();
  const redirect = useRedirect();
  const translate = useTranslate();
  const [kind, setKind] = useState<TermsKind>();
  const base = useVersionComparedWith(kind);
  const defaultValues = useMemo(
    () => ({
      unfavourable: false,
      ...(kind && { kind }),
      ...(base && { summary: base.summary, body: base.body }),
    }),
    [kind, base],
  );
  const baseRef = useRef(base);
  baseRef.current = base;
  const summaryValidators = useMemo(
    () => ({
      ko: [required(), summaryChangedFrom(baseRef, 'ko')],
      en: [required(), summaryChangedFrom(baseRef, 'en')],
      ja: [required(), summaryChangedFrom(baseRef, 'ja')],
    }),
    [],
  ) satisfies Record<Language, Validator[]>;
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
      <SimpleForm onSubmit={save} defaultValues={defaultValues} resetOptions={KEEP_EDITED_TEXTS}>
        <SelectInput
          source="kind"
          choices={codeChoices('termsKind')}
          validate={required()}
          onChange={(event) => {
            const value = (event as ChangeEvent<HTMLInputElement>).target?.value;
            setKind(isTermsKind(value) ? value : undefined);
          }}
        />
        {base && (
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('console.terms.prefilled', { version: base.version })}
          </Typography>
        )}
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
          SUPPORTED_LANGUAGES.map((language) => (
            <TextInput
              key={`${field}.${language}`}
              source={`${field}.${language}`}
              multiline
              minRows={minRows}
              validate={field === 'summary' ? summaryValidators[language] : required()}
              fullWidth
              {...(helperText && { helperText })}
            />
          )),
        )}
        <FormDataConsumer>
          {({ formData }) => (
            <TermsComparison kind={kind} base={base} bodies={(formData as { body?: TermsBodies }).body ?? {}} />
          )}
        </FormDataConsumer>
      </SimpleForm>
    </Create>
  );
};

/** The 신·구 조문 대비표 of the version against the version it followed. */
function TermsVersionComparison() {
  const record = useRecordContext<AdminTermsVersion>();
  const base = useVersionComparedWith(record?.kind, record?.version);
  if (!record) return null;
  return (
    <Box sx={{ px: 2, pb: 2, minWidth: 0 }}>
      <TermsComparison kind={record.kind} base={base} bodies={record.body} />
    </Box>
  );
}

/** A version's name as operators say it ("서비스 이용약관 3 버전"), the page's title instead of its record id. */
export function TermsVersionTitle() {
  const record = useRecordContext<AdminTermsVersion>();
  const label = useCodeLabel();
  const translate = useTranslate();
  if (!record) return null;
  return <>{translate('console.terms.title', { kind: label('termsKind', record.kind), version: record.version })}</>;
}

/** One version: where it stands, its notice, its summaries and the comparison with the version before it. */
export const TermsVersionShow = (props: ShowProps) => {
  const translate = useTranslate();
  return (
    <Show title={<TermsVersionTitle />} {...props}>
      <SimpleShowLayout>
        <CodeField source="kind" family="termsKind" />
        <NumberField source="version" />
        <CodeField source="state" family="termsVersionState" />
        <KstDateField source="effectiveAt" />
        <BooleanField source="unfavourable" />
        <KstDateField source="publishedAt" showTime />
        <KstDateField source="noticeSentAt" showTime emptyText={translate('console.terms.pending')} />
        {SUPPORTED_LANGUAGES.map((language) => (
          <TextField
            key={language}
            source={`summary.${language}`}
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          />
        ))}
      </SimpleShowLayout>
      <TermsVersionComparison />
    </Show>
  );
};
