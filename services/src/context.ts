import type { Client } from '@temporalio/client';
import type { AppConfig } from './config';
import type { Db, DbExecutor } from './db';
import type { Mailer } from './mail';
import type { SmsProvider } from './sms';

/** What services need from the outside world, passed in so tests can use real components and a fixed clock. */
export interface ServiceContext {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  /** Text messages (the mobile number's confirmation code); null or absent where none can be sent. */
  sms?: SmsProvider | null;
  now(): Date;
  /** Temporal, for starting workflows and sending them updates; absent when the process runs without it. */
  temporal?: TemporalAccess;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
  /**
   * Settles, in the transaction that records a refund the provider made on its own (a chargeback, a cancellation at
   * the provider) and under the payment's lock, the refund requests still waiting for finance whose provider part
   * that charge can no longer pay (`leftAtProvider`: the minor units the provider still holds of it). Payments call
   * it; coin-history answers it (`refuseRequestsOfReversedCharge`, wired in app.ts), since payments never import
   * coin-history. Absent (a context that reconciles no provider refunds), such requests are left as they are.
   */
  settleRefundsOfReversedCharge?: (
    ctx: ServiceContext,
    trx: DbExecutor,
    charge: { paymentId: string; leftAtProvider: number },
  ) => Promise<void>;
}

export interface TemporalAccess {
  client: Client;
  /** The task queue workflows are started on (the production queue, or a test worker's own). */
  taskQueue: string;
  /**
   * The client runs over the connection of a worker of this process that polls `taskQueue` (`npm start`'s `all`
   * role): a start asks for its workflow's first task in the answer (eager workflow start), and the worker runs it
   * without a poll. The SDK refuses the option on any other connection.
   */
  eagerStart?: boolean;
}
