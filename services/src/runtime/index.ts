// The public surface of `runtime`: the composition root: process roles, startup, the consumer list. Other modules
// import only this file.
export { backupDatabase, barmanSettingsOf, type RestoreReport, restoreDatabase } from './backup-tasks';
export { EVENT_CONSUMERS, runtimeConsumers } from './consumers';
export { type DatabaseRuntime, openDatabase } from './database';
export { buildWorld, migrateDatabase, seedDatabase } from './database-tasks';
export { freePort } from './free-port';
export { lowerCpuPriority } from './priority';
export { EMBEDDED_POSTGRES_SETTINGS } from './prestart';
export { parseRole } from './roles';
export { startFanmission } from './start';
export { ensureTemporalRuntime, lazyTemporalConnection } from './temporal-connection';
export { startTemporalDevServer, type TemporalDevServer } from './temporal-dev-server';
