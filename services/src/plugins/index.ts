// The public surface of `plugins`: Fastify plugins (language, OpenAPI, static apps). Other modules import only this
// file.
export { registerLanguage } from './language';
export { registerOpenApi } from './openapi';
export { registerStaticApps, type StaticAppsOptions } from './static-apps';
