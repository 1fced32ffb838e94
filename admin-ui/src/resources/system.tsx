import type { LedgerVerifyMode, LedgerVerifyRun } from '@fanmission/contracts';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useEffect } from 'react';
import {
  FunctionField,
  NumberField,
  NumberInput,
  Show,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useCreate,
  useListContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { KstDateField } from '../format/kst';
import { CodeField } from './code-field';
import { ConsoleList, WRAP, useWideConsole } from './list-actions';

const auditFilters = [
  <TextInput key="resource" source="resource" alwaysOn />,
  <TextInput key="resourceId" source="resourceId" />,
  <NumberInput key="actorId" source="actorId" />,
];

/** Below 900 px the id and the actor's roles are left out (both on the entry's page); long e-mails and actions wrap. */
export const AuditLogList = () => {
  const wide = useWideConsole();
  return (
    <ConsoleList rowClick="show" filters={auditFilters} sort={{ field: 'id', order: 'DESC' }}>
      {wide && <TextField source="id" />}
      <KstDateField source="createdAt" showTime />
      <TextField source="actorEmail" emptyText="-" sx={WRAP} />
      {wide && <CodeField source="actorRoles" family="role" />}
      <TextField source="action" sx={WRAP} />
      <TextField source="resourceId" emptyText="-" sx={WRAP} />
      <NumberField source="statusCode" />
    </ConsoleList>
  );
};

const Json = ({ value }: { value: unknown }) => (
  <Box
    component="pre"
    sx={{ m: 0, p: 1, bgcolor: 'action.hover', borderRadius: 1, fontSize: 12, overflowX: 'auto', maxWidth: '100%' }}
  >
    {value === null || value === undefined ? '-' : JSON.stringify(value, null, 2)}
  </Box>
);

export const AuditLogShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="id" />
      <KstDateField source="createdAt" showTime />
      <TextField source="actorEmail" emptyText="-" />
      <CodeField source="actorRoles" family="role" />
      <TextField source="action" />
      <TextField source="resource" />
      <TextField source="resourceId" emptyText="-" />
      <NumberField source="statusCode" />
      <TextField source="requestId" />
      <FunctionField
        label="console.audit.before"
        render={(record: { before: unknown }) => <Json value={record.before} />}
      />
      <FunctionField
        label="console.audit.after"
        render={(record: { after: unknown }) => <Json value={record.after} />}
      />
    </SimpleShowLayout>
  </Show>
);

function RunVerifyButton({ mode }: { mode: LedgerVerifyMode }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  // Callbacks on the hook, not the call: a call's are dropped when the button unmounts before the answer.
  const [create, { isPending }] = useCreate(undefined, undefined, {
    onSuccess: () => refresh(),
    onError: (error) => notify((error as Error).message, { type: 'error' }),
  });
  return (
    <Button
      variant="contained"
      size="small"
      disabled={isPending}
      onClick={() => create('ledger-verify-runs', { data: { mode } })}
    >
      {translate(mode === 'FULL' ? 'console.actions.runVerify' : 'console.actions.runVerifyIncremental')}
    </Button>
  );
}

/** Polls while a run is in progress. */
function PollWhileRunning() {
  const { data } = useListContext<LedgerVerifyRun>();
  const refresh = useRefresh();
  const running = (data ?? []).some((run) => run.status === 'RUNNING');
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(refresh, 1000);
    return () => clearInterval(timer);
  }, [running, refresh]);
  return null;
}

function RunProgress(_props: { label?: string }) {
  const run = useRecordContext<LedgerVerifyRun>();
  const translate = useTranslate();
  if (!run) return null;
  const percent = run.totalTransactions === 0 ? 0 : (run.doneTransactions / run.totalTransactions) * 100;
  return (
    <Box sx={{ minWidth: 160 }}>
      {run.status === 'RUNNING' && <LinearProgress variant="determinate" value={percent} />}
      <Typography variant="caption">
        {translate('console.ledger.progress', { done: run.doneTransactions, total: run.totalTransactions })}
      </Typography>
    </Box>
  );
}

function RunResult(_props: { label?: string }) {
  const run = useRecordContext<LedgerVerifyRun>();
  const translate = useTranslate();
  if (!run || run.status === 'RUNNING') return null;
  // Wide enough to read on one or two lines: a narrow screen scrolls the table rather than stacking words.
  const sx = { minWidth: 240, py: 0 };
  if (run.status === 'FAILED') {
    return (
      <Alert severity="error" sx={sx}>
        {run.error}
      </Alert>
    );
  }
  return run.ok ? (
    <Alert severity="success" sx={sx}>
      {translate('console.ledger.verifyClean')}
    </Alert>
  ) : (
    <Alert severity="error" sx={sx}>
      {translate('console.ledger.verifyDirty', { count: run.report?.differenceCount ?? 0 })}
    </Alert>
  );
}

export const LedgerVerifyRunList = () => (
  <ConsoleList
    sort={{ field: 'id', order: 'DESC' }}
    actions={
      <TopToolbar>
        <RunVerifyButton mode="INCREMENTAL" />
        <RunVerifyButton mode="FULL" />
      </TopToolbar>
    }
    empty={false}
  >
    <PollWhileRunning />
    <TextField source="id" />
    <CodeField source="mode" family="ledgerVerifyMode" />
    <CodeField source="status" family="ledgerVerifyRunStatus" />
    <KstDateField source="startedAt" showTime />
    <KstDateField source="finishedAt" showTime emptyText="-" />
    <RunProgress label="resources.ledger-verify-runs.fields.progress" />
    <RunResult label="resources.ledger-verify-runs.fields.ok" />
  </ConsoleList>
);
