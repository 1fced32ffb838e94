import { SpanStatusCode, trace } from '@opentelemetry/api';
import type { LedgerEntry, LedgerMetadata } from './transaction';

/**
 * A ledger operation as a span of the request or job under way, when that is traced: `ledger <command>` with the
 * transaction's id and type. With tracing off there is no active span and the operation runs as it is.
 */
export async function traced(command: string, run: () => Promise<LedgerEntry>): Promise<LedgerEntry> {
  if (!trace.getActiveSpan()?.isRecording()) return run();
  const attributes = { 'fanmission.ledger.command': command };
  return trace.getTracer('fanmission-ledger').startActiveSpan(`ledger ${command}`, { attributes }, async (span) => {
    try {
      const entry = await run();
      span.setAttributes({
        'fanmission.ledger.transaction_id': entry.transactionId,
        'fanmission.ledger.transaction_type': entry.type,
      });
      return entry;
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * While the operation is traced, its trace id goes into the transaction's metadata: the console links a transaction
 * to its trace. It is not part of the request, so a retry under the same key still matches it.
 */
export function tracedMetadata(metadata: LedgerMetadata): LedgerMetadata {
  const span = trace.getActiveSpan();
  return span?.isRecording() ? { ...metadata, traceId: span.spanContext().traceId } : metadata;
}
