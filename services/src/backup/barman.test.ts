import { mkdtemp, mkdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { walArchiveSettings } from './archive';
import { barmanConfiguration, libpqConninfo, writeBarmanConfiguration } from './barman';

describe('libpqConninfo', () => {
  it('turns a postgres:// URL into the key/value string Barman takes, quoted as libpq reads it', () => {
    expect(libpqConninfo("postgres://postgres:it's%5Csecret@127.0.0.1:54329/postgres?sslmode=disable")).toBe(
      "host='127.0.0.1' port='54329' user='postgres' password='it\\'s\\\\secret' dbname='postgres' sslmode='disable'",
    );
    expect(libpqConninfo('postgres://app@%2Fvar%2Frun%2Fpostgresql/fanmission')).toBe(
      "host='/var/run/postgresql' port='5432' user='app' dbname='fanmission'",
    );
    expect(libpqConninfo('host=db dbname=postgres')).toBe('host=db dbname=postgres');
  });
});

describe("Barman's configuration", () => {
  const configuration = barmanConfiguration({
    barman: '/opt/barman/bin/barman',
    backupDir: '/srv/backup',
    conninfo: 'postgres://postgres:pw@127.0.0.1:54329/postgres',
    retentionDays: 7,
    rsyncPath: '/usr/local/bin/rsync',
  });

  it('copies the data directory beside the server and archives the WAL the server hands it', () => {
    expect(configuration).toContain('\nbackup_method = local-rsync\n');
    expect(configuration).toContain('\narchiver = on\n');
    expect(configuration).toContain("\nconninfo = host='127.0.0.1' port='54329' user='postgres' password='pw'");
    // Barman runs rsync from its PATH.
    expect(configuration).toContain('\npath_prefix = /usr/local/bin\n');
  });

  it('expires what the recovery window no longer needs, keeping at least one base backup', () => {
    expect(configuration).toContain('\nretention_policy = RECOVERY WINDOW OF 7 DAYS\n');
    expect(configuration).toContain('\nretention_policy_mode = auto\n');
    expect(configuration).toContain('\nminimum_redundancy = 1\n');
  });

  it('has the server archive into its incoming folder within the recovery point', () => {
    expect(
      walArchiveSettings({
        BACKUP_DIR: "/srv/o'brien",
        BACKUP_ARCHIVE_TIMEOUT_SECONDS: 45,
        RSYNC_PATH: '/usr/bin/rsync',
      }),
    ).toEqual({
      archive_mode: 'on',
      archive_timeout: '45s',
      archive_command: `'/usr/bin/rsync' -a %p '/srv/o'\\''brien/fanmission/incoming'/%f`,
    });
  });
});

describe('the backup folder', () => {
  it('is readable by this user alone, whether it is made now or was made before with a wider mode, and stays passable for the WAL archive', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'fanmission-backup-'));
    try {
      const settings = {
        barman: '/opt/barman/bin/barman',
        conninfo: 'postgres://postgres:pw@127.0.0.1:54329/postgres',
        retentionDays: 7,
        rsyncPath: '/usr/bin/rsync',
      };
      const fresh = path.join(parent, 'fresh');
      const configuration = await writeBarmanConfiguration({ ...settings, backupDir: fresh });
      expect((await stat(fresh)).mode & 0o777).toBe(0o700);
      expect((await stat(configuration)).mode & 0o777).toBe(0o600);

      const earlier = path.join(parent, 'earlier');
      await mkdir(earlier, { mode: 0o755 });
      await writeBarmanConfiguration({ ...settings, backupDir: earlier });
      // Nobody else reads or writes it; a right to pass through (the WAL archive's, for the server's user) may stay.
      expect((await stat(earlier)).mode & 0o766).toBe(0o700);
      // The right to pass through that the WAL archive gave the server's user survives a backup's configuration.
      const archived = path.join(parent, 'archived');
      await mkdir(archived, { mode: 0o701 });
      await writeBarmanConfiguration({ ...settings, backupDir: archived });
      expect((await stat(archived)).mode & 0o777).toBe(0o701);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
