// @vitest-environment jsdom
// The live unread count's stream: the server's `end` (the session ended) closes it for good, and the next holder opens
// a new one.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { holdUnreadNotifications } from './unread';

/** A stand-in for the browser's EventSource: records the streams opened, their listeners and whether they closed. */
class RecordingEventSource {
  static readonly CLOSED = 2;
  static opened: RecordingEventSource[] = [];
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  readyState = 1;
  closed = false;
  constructor(readonly url: string) {
    RecordingEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = RecordingEventSource.CLOSED;
  }
  emit(type: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  RecordingEventSource.opened = [];
});

describe('the unread count stream', () => {
  test('closes for good when the server ends it with the session; the next holder opens a new one', () => {
    vi.stubGlobal('EventSource', RecordingEventSource);
    const release = holdUnreadNotifications('ko');
    const first = RecordingEventSource.opened[0]!;
    expect(first.url).toContain('/users/me/notifications/stream');
    first.emit('end', JSON.stringify({ reason: 'SESSION_ENDED' }));
    expect(first.closed).toBe(true);
    release();
    const releaseAgain = holdUnreadNotifications('ko');
    expect(RecordingEventSource.opened).toHaveLength(2);
    expect(RecordingEventSource.opened[1]!.closed).toBe(false);
    releaseAgain();
    expect(RecordingEventSource.opened[1]!.closed).toBe(true);
  });
});
