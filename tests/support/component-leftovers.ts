// What a component test file leaves running in the shared jsdom when it ends (tests/support/component-file-reset.ts):
// timers, requests in flight, listeners on the window or the document, mounted content and open dialogs, storage keys
// and a changed address. Timers, requests and listeners are tracked from the moment the file starts, each with the
// place in the code that made it, so the check can name it.

interface Tracked {
  what: string;
  /** The place in our code that made it, or the library's. */
  where: string;
  /** Made by a library (its direct caller is under node_modules): the reset undoes it; the check names only ours. */
  byLibrary: boolean;
  /** Undoes it: clears the timer, removes the listener. */
  undo?: () => void;
}

export interface LeftoverTracking {
  /** Forgets what earlier files made (each was checked at its own end): from now on, the file that starts. */
  startFile(): void;
  /** Forgets everything tracked (after the reset). */
  forgetAll(): void;
  /** Clears the timers libraries made and left (a cache's expiry, jsdom's queued storage event): no file reaches them. */
  undoLibraryLeftovers(): void;
  readonly timers: Map<unknown, Tracked>;
  readonly requests: Set<Tracked>;
  readonly listeners: Map<string, Tracked>;
  /** The window's and the navigator's values a file replaced (by assignment or `defineProperty`) and left replaced. */
  replacedGlobals(): string[];
  /** Puts back what `replacedGlobals` names, as the file found it. */
  restoreGlobals(): void;
}

/**
 * The browser functions files replace to play a device (a screen width, an installed app, a network): one left
 * replaced answers for the next file (a `matchMedia` saying every query matches makes the page an installed app).
 */
const REPLACEABLE_GLOBALS = [
  'matchMedia',
  'fetch',
  'IntersectionObserver',
  'ResizeObserver',
  'scrollTo',
  'open',
  'Notification',
  'EventSource',
] as const;

/** Replaced by a library on every use (user-event's clipboard stub at each `setup()`): put back, not named. */
const LIBRARY_REPLACED_GLOBALS = new Set(['navigator.clipboard']);

type GlobalsSnapshot = Map<string, unknown>;

function snapshotGlobals(): GlobalsSnapshot {
  const snapshot: GlobalsSnapshot = new Map();
  const page = window as unknown as Record<string, unknown>;
  for (const name of REPLACEABLE_GLOBALS) snapshot.set(`window.${name}`, page[name]);
  const device = navigator as unknown as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(navigator)) snapshot.set(`navigator.${name}`, device[name]);
  return snapshot;
}

function replacedSince(start: GlobalsSnapshot): string[] {
  const now = snapshotGlobals();
  const names = new Set([...start.keys(), ...now.keys()]);
  return [...names].filter((name) => start.get(name) !== now.get(name));
}

const TRACKING = Symbol.for('fanmission.componentLeftovers');

/** Whether the direct caller (the first frame outside this file) is a library's code. */
function madeByLibrary(stack: string | undefined): boolean {
  const frames = (stack ?? '').split('\n').slice(1);
  const caller = frames.find((frame) => !frame.includes('component-leftovers'));
  return caller === undefined || caller.includes('node_modules') || caller.includes('node:');
}

/** Where a timer, request or listener was made, for the check's message. */
function origin(): { where: string; byLibrary: boolean } {
  const stack = new Error().stack;
  return { where: callerOf(stack), byLibrary: madeByLibrary(stack) };
}

/** The first frame of the stack outside this file and the libraries: the code that made the timer, request or listener. */
function callerOf(stack: string | undefined): string {
  const frames = (stack ?? '').split('\n').slice(1);
  const own = frames.find(
    (frame) => !frame.includes('component-leftovers') && !frame.includes('node_modules') && !frame.includes('node:'),
  );
  const library = frames.find((frame) => frame.includes('node_modules') && !frame.includes('vitest'));
  const frame = own ?? library ?? frames[0] ?? '';
  const location = /\(?((?:\/|file:)[^()]+?):(\d+):\d+\)?$/.exec(frame.trim());
  if (!location) return frame.trim() || 'an unknown place';
  const file = location[1]!.replace(/^file:\/\//, '').replace(/^.*?\/(web|admin-ui|tests|node_modules)\//, '$1/');
  return `${file}:${location[2]}`;
}

/**
 * Wraps the page's timer functions, `fetch`, XMLHttpRequest and the window's and the document's listener functions,
 * once per worker (the files share one jsdom), and returns what they track.
 */
export function installLeftoverTracking(): LeftoverTracking {
  const registry = globalThis as unknown as Record<symbol, LeftoverTracking | undefined>;
  const existing = registry[TRACKING];
  if (existing) return existing;
  const timers = new Map<unknown, Tracked>();
  const requests = new Set<Tracked>();
  const listeners = new Map<string, Tracked>();
  const listenerKeys = new WeakMap<object, number>();
  let nextListenerKey = 1;

  const hosts = new Set<typeof globalThis>([globalThis, window as unknown as typeof globalThis]);
  for (const host of hosts) {
    const { setTimeout: realSetTimeout, setInterval: realSetInterval } = host;
    const { clearTimeout: realClearTimeout, clearInterval: realClearInterval } = host;
    host.setTimeout = ((handler: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) => {
      const entry: Tracked = { what: `a ${delay ?? 0} ms timeout`, ...origin() };
      const id: unknown = realSetTimeout(
        (...callArgs: unknown[]) => {
          timers.delete(key(id));
          if (typeof handler === 'function') handler(...callArgs);
        },
        delay,
        ...args,
      );
      entry.undo = () => realClearTimeout(id as Parameters<typeof clearTimeout>[0]);
      timers.set(key(id), entry);
      return id;
    }) as typeof setTimeout;
    host.setInterval = ((handler: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) => {
      const id: unknown = realSetInterval(handler, delay, ...args);
      timers.set(key(id), {
        what: `a ${delay ?? 0} ms interval`,
        ...origin(),
        undo: () => realClearInterval(id as Parameters<typeof clearInterval>[0]),
      });
      return id;
    }) as typeof setInterval;
    host.clearTimeout = ((id: unknown) => {
      timers.delete(key(id));
      realClearTimeout(id as Parameters<typeof clearTimeout>[0]);
    }) as typeof clearTimeout;
    host.clearInterval = ((id: unknown) => {
      timers.delete(key(id));
      realClearInterval(id as Parameters<typeof clearInterval>[0]);
    }) as typeof clearInterval;
  }

  const realFetch = globalThis.fetch;
  if (realFetch) {
    const trackedFetch = (async (...args: Parameters<typeof fetch>) => {
      const url = args[0] instanceof Request ? args[0].url : String(args[0]);
      const entry: Tracked = { what: `a request to ${url}`, ...origin() };
      requests.add(entry);
      try {
        return await realFetch(...args);
      } finally {
        requests.delete(entry);
      }
    }) as typeof fetch;
    for (const host of hosts) host.fetch = trackedFetch;
  }
  const xhr = window.XMLHttpRequest?.prototype;
  if (xhr) {
    const realOpen = xhr.open;
    const realSend = xhr.send;
    const urls = new WeakMap<XMLHttpRequest, string>();
    xhr.open = function (this: XMLHttpRequest, ...args: unknown[]) {
      urls.set(this, `${String(args[0])} ${String(args[1])}`);
      return (realOpen as (...all: unknown[]) => void).apply(this, args);
    } as typeof xhr.open;
    xhr.send = function (this: XMLHttpRequest, body?: XMLHttpRequestBodyInit | null) {
      const entry: Tracked = { what: `a request (XMLHttpRequest) ${urls.get(this) ?? ''}`, ...origin() };
      requests.add(entry);
      this.addEventListener('loadend', () => requests.delete(entry), { once: true });
      return realSend.call(this, body);
    };
  }

  const targets: [string, EventTarget][] = [
    ['window', window],
    ['document', document],
  ];
  for (const [name, target] of targets) {
    const realAdd = target.addEventListener.bind(target);
    const realRemove = target.removeEventListener.bind(target);
    const idOf = (type: string, listener: EventListenerOrEventListenerObject | null, options?: unknown) => {
      if (!listener) return undefined;
      let listenerKey = listenerKeys.get(listener);
      if (listenerKey === undefined) {
        listenerKey = nextListenerKey++;
        listenerKeys.set(listener, listenerKey);
      }
      const capture = typeof options === 'boolean' ? options : Boolean((options as { capture?: boolean })?.capture);
      return `${name}:${type}:${listenerKey}:${capture}`;
    };
    target.addEventListener = (
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: boolean | AddEventListenerOptions,
    ) => {
      const id = idOf(type, listener, options);
      const once = typeof options === 'object' && options.once;
      const signal = typeof options === 'object' ? options.signal : undefined;
      const made = origin();
      // React DOM and Testing Library's user-event each listen to a document once, for its whole life, by design.
      const oncePerDocument = made.byLibrary && name === 'document';
      if (id && !once && !signal?.aborted && !oncePerDocument) {
        listeners.set(id, {
          what: `a "${type}" listener on the ${name}`,
          ...made,
          undo: () => realRemove(type, listener, options),
        });
        signal?.addEventListener('abort', () => listeners.delete(id), { once: true });
      }
      realAdd(type, listener, options);
    };
    target.removeEventListener = (
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: boolean | EventListenerOptions,
    ) => {
      const id = idOf(type, listener, options);
      if (id) listeners.delete(id);
      realRemove(type, listener, options);
    };
  }

  let globalsAtStart = snapshotGlobals();
  const created: LeftoverTracking = {
    timers,
    requests,
    listeners,
    startFile() {
      created.forgetAll();
      globalsAtStart = snapshotGlobals();
    },
    replacedGlobals() {
      return replacedSince(globalsAtStart);
    },
    restoreGlobals() {
      for (const name of replacedSince(globalsAtStart)) {
        const [owner, property] = name.split('.') as ['window' | 'navigator', string];
        const target = owner === 'window' ? window : navigator;
        if (globalsAtStart.has(name))
          Object.defineProperty(target, property, {
            value: globalsAtStart.get(name),
            configurable: true,
            writable: true,
          });
        else Reflect.deleteProperty(target, property);
      }
    },
    forgetAll() {
      timers.clear();
      requests.clear();
      listeners.clear();
    },
    undoLibraryLeftovers() {
      for (const [id, entry] of timers) {
        if (!entry.byLibrary) continue;
        entry.undo?.();
        timers.delete(id);
      }
    },
  };
  registry[TRACKING] = created;
  return created;
}

/** A timer's id as a map key: Node's timers are objects whose number is their primitive value. */
function key(id: unknown): unknown {
  return typeof id === 'object' && id !== null && Symbol.toPrimitive in id ? Number(id) : id;
}

/**
 * What the file that is ending left behind, one phrase each ("a 300 ms timeout (web/src/x.tsx:12)"): every request in
 * flight, the timers our code made (a library's are cleared first, `undoLibraryLeftovers`), every listener on the
 * window and our code's on the document (React DOM and user-event listen to the document once, for its whole life).
 */
export function leftoversOf(tracking: LeftoverTracking): string[] {
  const found: string[] = [];
  const named = (entries: Iterable<Tracked>) => {
    const counts = new Map<string, number>();
    for (const entry of entries) {
      const phrase = `${entry.what} (${entry.where})`;
      counts.set(phrase, (counts.get(phrase) ?? 0) + 1);
    }
    return [...counts].map(([phrase, count]) => (count > 1 ? `${count} × ${phrase}` : phrase));
  };
  found.push(...named(tracking.timers.values()));
  found.push(...named(tracking.requests));
  found.push(...named(tracking.listeners.values()));
  const dialogs = document.querySelectorAll('[role="dialog"], [role="alertdialog"]');
  if (dialogs.length > 0) {
    const names = [...dialogs].map((dialog) => dialog.getAttribute('aria-label') ?? dialog.textContent?.slice(0, 40));
    found.push(`${dialogs.length} open dialog(s): ${names.map((name) => `"${name ?? ''}"`).join(', ')}`);
  } else if (document.body.children.length > 0) {
    const first = document.body.firstElementChild;
    found.push(
      `content still rendered (${document.body.children.length} element(s), the first <${first?.tagName.toLowerCase()}>)`,
    );
  }
  for (const [name, storage] of [
    ['localStorage', window.localStorage],
    ['sessionStorage', window.sessionStorage],
  ] as const) {
    const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index));
    if (keys.length > 0) found.push(`${name} keys ${keys.map((storageKey) => `"${storageKey}"`).join(', ')}`);
  }
  const address = window.location.pathname + window.location.search;
  if (address !== '/') found.push(`the address ${address}`);
  for (const name of tracking.replacedGlobals()) {
    if (!LIBRARY_REPLACED_GLOBALS.has(name)) found.push(`${name} replaced`);
  }
  return found;
}
