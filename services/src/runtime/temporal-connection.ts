// The API's connection to Temporal. It runs over the SDK's Rust client (`NativeConnection`, the worker's transport)
// rather than `@grpc/grpc-js`: the gRPC calls (HTTP/2 framing, retries) then run on the Rust core's threads instead
// of on the API's event loop, and a mission request costs the API's process about a fifth less CPU
// (tests/bench/missions.ts compares both with `BENCH_TEMPORAL_CLIENT`). `NativeConnection` only connects eagerly, and
// the API must start and serve while Temporal is down, so this connection is lazy: the first call connects, and a
// call after a failed connect tries again.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Metadata as GrpcMetadata, status } from '@grpc/grpc-js';
import {
  InternalConnectionLikeSymbol,
  OperatorService,
  WorkflowService,
  type ConnectionLike,
  type Metadata,
} from '@temporalio/client';
import type * as TemporalWorker from '@temporalio/worker';
import type { NativeConnection } from '@temporalio/worker';

type WorkerModule = typeof TemporalWorker;
type RpcImpl = Parameters<typeof WorkflowService.create>[0];
type RpcCallback = Parameters<RpcImpl>[2];

interface CallContext {
  deadline?: number | Date;
  metadata?: Metadata;
}

/**
 * Installs the SDK's native runtime (the Rust core shared by workers and native connections) once per process, with
 * its log level. The worker and the API's connection both call this: whichever comes first installs it.
 */
export function ensureTemporalRuntime(worker: WorkerModule, level: 'WARN' | 'DEBUG'): void {
  if (worker.Runtime._instance) return;
  worker.Runtime.install({ logger: new worker.DefaultLogger(level) });
}

export interface LazyTemporalConnectionOptions {
  /** `host:port` of the Temporal frontend. */
  address: string;
  /** The runtime's log level when this connection is the first to need it (default WARN). */
  logLevel?: 'WARN' | 'DEBUG';
  /** How long a connect may take before it fails and the next call dials again (default 10 s). */
  connectTimeoutMs?: number;
  /**
   * The connection of a worker of this process (`npm start`'s `all` role), instead of dialling one: the client's
   * workflow starts can then be eager (the first workflow task comes back in the start's answer, to that worker).
   * This connection takes it over and closes it when closed, after the API (the worker must not close it).
   */
  workerConnection?: Promise<NativeConnection>;
}

/**
 * A Temporal client connection over the SDK's Rust client that connects on first use. Nothing is loaded or dialled
 * until then (the worker package and its native bridge load with the first call); a failed connect fails that call
 * (a `TransportError`, which the client reports as a `ServiceError`) and the next call dials again.
 */
export function lazyTemporalConnection(options: LazyTemporalConnectionOptions): ConnectionLike {
  return new LazyTemporalConnection(options);
}

class LazyTemporalConnection implements ConnectionLike {
  readonly workflowService: WorkflowService;
  readonly operatorService: OperatorService;
  readonly plugins = [];
  private readonly calls = new AsyncLocalStorage<CallContext>();
  private connecting: Promise<NativeConnection> | undefined;
  private connected: NativeConnection | undefined;
  private closed = false;

  constructor(private readonly options: LazyTemporalConnectionOptions) {
    // The SDK's own flag that a connection can carry eager starts (set by `NativeConnection`), read by `Client`.
    if (options.workerConnection) {
      Object.defineProperty(this, InternalConnectionLikeSymbol, { value: { supportsEagerStart: true } });
    }
    this.workflowService = WorkflowService.create(
      this.rpc((connection) => connection.workflowService),
      false,
      false,
    );
    this.operatorService = OperatorService.create(
      this.rpc((connection) => connection.operatorService),
      false,
      false,
    );
  }

  async ensureConnected(): Promise<void> {
    await this.connection();
  }

  async withDeadline<R>(deadline: number | Date, fn: () => Promise<R>): Promise<R> {
    return await this.calls.run({ ...this.calls.getStore(), deadline }, fn);
  }

  async withMetadata<R>(metadata: Metadata, fn: () => Promise<R>): Promise<R> {
    const current = this.calls.getStore();
    return await this.calls.run({ ...current, metadata: { ...current?.metadata, ...metadata } }, fn);
  }

  /** The Rust client does not cancel calls under way (the SDK's own `NativeConnection` ignores the signal too). */
  async withAbortSignal<R>(_abortSignal: AbortSignal, fn: () => Promise<R>): Promise<R> {
    return await fn();
  }

  async close(): Promise<void> {
    this.closed = true;
    const { connected, connecting } = this;
    this.connected = undefined;
    this.connecting = undefined;
    if (connected) await connected.close();
    else if (this.options.workerConnection) void this.options.workerConnection.then((late) => late.close());
    // A connect still under way is closed when it ends (it is bounded by the connect timeout), without waiting here.
    else void connecting?.then((late) => late.close()).catch(() => undefined);
  }

  private connection(): Promise<NativeConnection> {
    if (this.closed) return Promise.reject(new Error('the Temporal connection is closed'));
    this.connecting ??= this.dial().then(
      (connection) => {
        if (!this.closed) this.connected = connection;
        return connection;
      },
      (error: unknown) => {
        this.connecting = undefined;
        throw error;
      },
    );
    return this.connecting;
  }

  /** Connects, or fails after the connect timeout (a server that accepts and never answers); closes a late connection. */
  private async dial(): Promise<NativeConnection> {
    const timeoutMs = this.options.connectTimeoutMs ?? 10_000;
    const { workerConnection } = this.options;
    let dialing: Promise<NativeConnection>;
    if (workerConnection) {
      dialing = workerConnection;
    } else {
      const worker = await import('@temporalio/worker');
      ensureTemporalRuntime(worker, this.options.logLevel ?? 'WARN');
      dialing = worker.NativeConnection.connect({ address: this.options.address });
    }
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // The worker's connection stays: a later call waits for it again.
        if (!workerConnection) void dialing.then((late) => late.close()).catch(() => undefined);
        reject(new Error(`no answer from Temporal at ${this.options.address} within ${timeoutMs} ms`));
      }, timeoutMs);
    });
    return await Promise.race([dialing, timedOut]).finally(() => clearTimeout(timer));
  }

  /**
   * A protobuf service's transport that hands each encoded call to the connected client's own transport, inside
   * the caller's deadline and metadata. Once connected, a call goes straight through; before, it waits for the
   * connection at most until its deadline.
   */
  private rpc(service: (connection: NativeConnection) => WorkflowService | OperatorService): RpcImpl {
    return (method, requestData, callback: RpcCallback) => {
      const { deadline, metadata } = this.calls.getStore() ?? {};
      const send = (connection: NativeConnection) => {
        const transport = service(connection).rpcImpl!;
        if (deadline === undefined && metadata === undefined) {
          transport(method, requestData, callback);
          return;
        }
        let call = async () => transport(method, requestData, callback);
        if (metadata !== undefined) {
          const inner = call;
          call = () => connection.withMetadata(metadata, inner);
        }
        if (deadline !== undefined) {
          const inner = call;
          call = () => connection.withDeadline(deadline, inner);
        }
        call().catch((error: unknown) => callback(error as Error));
      };
      if (this.connected && !this.closed) {
        send(this.connected);
        return;
      }
      const connected = this.connection();
      (deadline === undefined ? connected : beforeDeadline(connected, deadline)).then(send, (error: unknown) =>
        callback(error as Error),
      );
    };
  }
}

/** `connected`, or the gRPC error of a call past its deadline (DEADLINE_EXCEEDED) when the deadline comes first. */
function beforeDeadline(connected: Promise<NativeConnection>, deadline: number | Date): Promise<NativeConnection> {
  const remaining = (typeof deadline === 'number' ? deadline : deadline.getTime()) - Date.now();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        const details = 'deadline exceeded while connecting to Temporal';
        const error = Object.assign(new Error(`${status.DEADLINE_EXCEEDED} DEADLINE_EXCEEDED: ${details}`), {
          code: status.DEADLINE_EXCEEDED,
          details,
          metadata: new GrpcMetadata(),
        });
        reject(error);
      },
      Math.max(remaining, 0),
    );
  });
  return Promise.race([connected, expired]).finally(() => clearTimeout(timer));
}
