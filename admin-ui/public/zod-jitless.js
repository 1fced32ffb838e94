// The pages' CSP forbids eval. zod would probe `new Function('')` on its first parse, which the
// browser reports as a CSP violation even though zod catches it: set zod's global config to jitless before any
// module runs (classic scripts run before the deferred module scripts).
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
