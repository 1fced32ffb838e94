import type { AppConfig } from './config/config';
import type { Db } from './db/database';
import type { Mailer } from './mail/mailer';

/** What services need from the outside world, passed in so tests can use real components and a fixed clock. */
export interface ServiceContext {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  now(): Date;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
}
