/** One server-sent event as a browser's EventSource parses it. */
export interface ServerSentEvent {
  event: string;
  id: string | undefined;
  data: string;
}

/**
 * A server-sent event stream read as a browser reads it (the `text/event-stream` format): the test waits for the
 * events it expects, in order, and can tell that nothing else came.
 */
export class EventStreamReader {
  readonly events: ServerSentEvent[] = [];
  private readonly waiters = new Set<() => void>();
  private readonly controller = new AbortController();
  private ended = false;
  status = 0;
  contentType = '';

  private constructor() {}

  static async open(url: string, headers: Record<string, string> = {}): Promise<EventStreamReader> {
    const reader = new EventStreamReader();
    const response = await fetch(url, { headers, signal: reader.controller.signal });
    reader.status = response.status;
    reader.contentType = response.headers.get('content-type') ?? '';
    if (!response.body) throw new Error('the stream has no body');
    void reader.read(response.body);
    return reader;
  }

  /** Waits until an event matching `match` arrived after the first `from` events; returns it. */
  async next(
    match: (event: ServerSentEvent) => boolean,
    options: { from?: number; timeoutMs?: number } = {},
  ): Promise<ServerSentEvent> {
    const deadline = Date.now() + (options.timeoutMs ?? 15_000);
    for (;;) {
      const found = this.events.slice(options.from ?? 0).find(match);
      if (found) return found;
      if (this.ended) throw new Error(`the stream ended; events: ${JSON.stringify(this.events)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event in time; events: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.add(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until the server ended the stream (or `close` did); throws when it is still open after the timeout. */
  async end(options: { timeoutMs?: number } = {}): Promise<void> {
    const deadline = Date.now() + (options.timeoutMs ?? 15_000);
    while (!this.ended) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`the stream is still open; events: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.add(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The events of a type, their data parsed as JSON. */
  dataOf<T>(event: string): T[] {
    return this.events.filter((each) => each.event === event).map((each) => JSON.parse(each.data) as T);
  }

  close(): void {
    this.controller.abort();
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // Aborted by close(), or the server went away: the stream has ended either way.
    } finally {
      this.ended = true;
      this.wake();
    }
  }

  private parse(block: string): void {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':') || line === '') continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) return;
    this.events.push({ event, id, data: data.join('\n') });
    this.wake();
  }

  private wake(): void {
    for (const waiter of [...this.waiters]) waiter();
    this.waiters.clear();
  }
}
