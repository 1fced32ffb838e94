// The console's context for component tests, written without JSX (as tests/support/web/render.ts is).
import { createElement as h } from 'react';
import { AdminContext, type AdminContextProps } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';

/**
 * react-admin's context inside a memory router: without a router around it, react-admin makes a hash router of its
 * own that listens to the window's history and is never disposed, so an unmounted test console would still follow
 * the next test file's navigations.
 */
export function ConsoleTestContext(props: AdminContextProps) {
  return h(MemoryRouter, null, h(AdminContext, props));
}
