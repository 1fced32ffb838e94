import { SUPPORTED_LANGUAGES, type Language } from '@fanmission/contracts';
import type { FastifyInstance } from 'fastify';
import { translate } from '../i18n';

/*
 * A CUSTOM product created without a name gets the default name in its creator's language ("커스텀 미션"), stored as
 * it is. Readers see it in their own language: every answer's product objects (`type: 'CUSTOM'` with a
 * `name` that is one of the default names) are rewritten to the caller's language before serialisation. A name the
 * creator chose is never touched. The payload is copied where it changes, never mutated (answers may be cached).
 */

const DEFAULT_NAMES = new Set(
  SUPPORTED_LANGUAGES.map((language) => translate(language, 'missionProducts.customDefaultName')),
);
const MAX_DEPTH = 12;

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/** The value with every default CUSTOM product name in `name`; the same reference when nothing changed. */
export function localizeDefaultProductNames(value: unknown, name: string, depth = 0): unknown {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item, index) => {
      const localized = localizeDefaultProductNames(item, name, depth + 1);
      if (localized !== item) (copy ??= [...value])[index] = localized;
    });
    return copy ?? value;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | null = null;
  if (
    value.type === 'CUSTOM' &&
    typeof value.name === 'string' &&
    value.name !== name &&
    DEFAULT_NAMES.has(value.name)
  ) {
    copy = { ...value, name };
  }
  for (const [key, item] of Object.entries(value)) {
    if (item === null || typeof item !== 'object') continue;
    const localized = localizeDefaultProductNames(item, name, depth + 1);
    if (localized !== item) (copy ??= { ...value })[key] = localized;
  }
  return copy ?? value;
}

/** Registers the rewrite for every route of the app (call on the root instance). */
export function registerDefaultProductNames(app: FastifyInstance): void {
  const names = Object.fromEntries(
    SUPPORTED_LANGUAGES.map((language) => [language, translate(language, 'missionProducts.customDefaultName')]),
  ) as Record<Language, string>;
  app.addHook('preSerialization', async (request, _reply, payload) =>
    localizeDefaultProductNames(payload, names[request.language]),
  );
}
