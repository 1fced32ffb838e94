// docker-compose.yml backs its database up as `npm start` backs up the embedded one (services/src/backup): the server
// archives every WAL segment into Barman's incoming folder within at most 60 s, Barman (the version and files
// scripts/infra/barman-requirements.txt pins) runs with the same server settings, reads the data directory read-only,
// and a restore writes a volume of its own. No Docker engine here: the files are checked, not run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { barmanConfiguration, walArchiveSettings } from '@fanmission/services/backup';
import { REPO_ROOT } from '../../scripts/lib/paths';

interface ComposeService {
  build?: { context: string; dockerfile: string };
  image?: string;
  command?: string[];
  entrypoint?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  user?: string;
  profiles?: string[];
}
interface Compose {
  services: Record<string, ComposeService>;
  volumes: Record<string, { name?: string } | null>;
}

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const compose = parse(read('docker-compose.yml'), { merge: true }) as Compose;
const service = (name: string) => compose.services[name]!;
const serverSettings = (command: string[]) =>
  Object.fromEntries(
    command.flatMap((argument, index) => {
      if (command[index - 1] !== '-c') return [];
      const [key, ...value] = argument.split('=');
      return [[key!, value.join('=')]];
    }),
  );

describe('docker-compose.yml backs its database up as npm start does', () => {
  it('archives every WAL segment into Barman within at most 60 s, with the embedded mode’s command', () => {
    const postgres = service('postgres');
    expect(postgres.build?.dockerfile).toBe('backup/Dockerfile');
    const settings = serverSettings(postgres.command ?? []);
    const embedded = walArchiveSettings({
      BACKUP_DIR: '/backup',
      BACKUP_ARCHIVE_TIMEOUT_SECONDS: 60,
      RSYNC_PATH: 'rsync',
    });
    expect(settings.archive_mode).toBe('on');
    expect(settings.archive_timeout).toBe('${BACKUP_ARCHIVE_TIMEOUT_SECONDS:-60}s');
    // The embedded command quotes its paths; the same command otherwise.
    expect(settings.archive_command).toBe(embedded.archive_command!.replaceAll("'", ''));
    expect(postgres.volumes).toContain('backup-data:/backup');
  });

  it("runs Barman from the database's image with the embedded mode's server settings", () => {
    const backup = service('backup');
    expect(backup.image).toBe(service('postgres').image);
    expect(backup.user).toBe('postgres');
    expect(backup.command).toEqual(['schedule']);
    expect(backup.ports).toBeUndefined();
    expect(backup.volumes).toEqual(['postgres-data:/var/lib/postgresql/data:ro', 'backup-data:/backup']);
    expect(backup.environment?.PGPASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    const script = read('backup/barman.sh');
    const embedded = barmanConfiguration({
      barman: 'barman',
      backupDir: '/backup',
      conninfo: 'dbname=postgres',
      retentionDays: 7,
      rsyncPath: '/usr/bin/rsync',
    });
    // Every setting but the machine's own (paths, user, the retention's days, which compose sets) is the same line.
    const machineOwn = /^(barman_home|barman_user|log_file|path_prefix|retention_policy) =/;
    for (const line of embedded.split('\n').filter((entry) => entry.includes(' = ') && !machineOwn.test(entry))) {
      expect(script, line).toContain(`\n${line}\n`);
    }
    expect(script).toContain('retention_policy = RECOVERY WINDOW OF $RETENTION_DAYS DAYS');
  });

  it('installs the Barman files npm start installs, checked by their SHA-256', () => {
    const dockerfile = read('backup/Dockerfile');
    expect(dockerfile).toContain('COPY scripts/infra/barman-requirements.txt');
    expect(dockerfile).toMatch(/--require-hashes --requirement \/opt\/barman\/requirements\.txt/);
  });

  it('restores into a volume of its own, which the stack then starts on', () => {
    const restore = service('restore');
    expect(restore.profiles).toEqual(['restore']);
    expect(restore.entrypoint).toEqual(['fanmission-backup', 'restore']);
    expect(restore.volumes).toContain('postgres-data:/var/lib/postgresql/data');
    expect(compose.volumes['postgres-data']?.name).toBe('${POSTGRES_DATA_VOLUME:-fanmission_postgres-data}');
  });
});
