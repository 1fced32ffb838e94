import { Link } from '@mui/material';
import { Labeled, useRecordContext, useTranslate } from 'react-admin';

/** A link to a trace in the trace UI (opens beside the console); nothing when there is none. */
export function TraceLink({ url }: { url: string | null | undefined }) {
  const translate = useTranslate();
  if (!url) return null;
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer">
      {translate('console.trace.open')}
    </Link>
  );
}

/**
 * The record's trace, labelled, in a show layout: only while tracing and the trace UI are configured (the API then
 * answers a `traceUrl`), so a console without tracing shows no empty row.
 */
export function RecordTrace(_props: { label?: false }) {
  const record = useRecordContext<{ traceUrl?: string | null }>();
  if (!record?.traceUrl) return null;
  return (
    <Labeled label="console.trace.label">
      <TraceLink url={record.traceUrl} />
    </Labeled>
  );
}
