// docker-compose.yml runs the product in production mode: nothing without a login is reachable from the network (the
// Temporal UI, Mailpit, Jaeger, Grafana and Prometheus listen on the host's loopback only), Grafana has no anonymous
// viewer, the Temporal UI cannot terminate or signal a mission's workflow, the mailbox exists only in the dev profile,
// and /metrics needs METRICS_TOKEN, which Prometheus sends. No Docker engine here: the files are checked, not run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../../scripts/lib/paths';

interface ComposeService {
  image?: string;
  environment?: Record<string, string | number>;
  ports?: string[];
  profiles?: string[];
  secrets?: string[];
  depends_on?: Record<string, { condition: string; required?: boolean }>;
}
interface Compose {
  services: Record<string, ComposeService>;
  secrets?: Record<string, { environment?: string }>;
}
interface ScrapeJob {
  job_name: string;
  authorization?: { credentials_file?: string };
}

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const compose = parse(read('docker-compose.yml'), { merge: true }) as Compose;
const prometheus = parse(read('observability/prometheus.yml')) as { scrape_configs: ScrapeJob[] };
const service = (name: string) => compose.services[name]!;
/** The product's HTTP port is the one published on every interface: the web app, the console and the API. */
const PUBLIC_SERVICES = new Set(['api']);

describe('docker-compose.yml is safe by default', () => {
  it('pins every third-party image to a version (no `latest`, overridable by its own variable)', () => {
    const images = Object.entries(compose.services)
      .map(([name, { image }]) => ({ name, image: image ?? '' }))
      .filter(({ image }) => image !== '' && !image.startsWith('${FANMISSION_'));
    expect(images.map(({ name }) => name)).toEqual(expect.arrayContaining(['mailpit', 'minio', 'kafka']));
    for (const { name, image } of images) {
      // `repository:${VARIABLE:-version}`, the version a release tag, never latest.
      expect(image, name).toMatch(/^[\w./-]+:\$\{[A-Z_]+_VERSION:-[\w.-]+\}$/);
      expect(image, name).not.toMatch(/:-latest\}$/);
    }
  });

  it('publishes nothing but the API beyond the loopback', () => {
    const published = Object.entries(compose.services).flatMap(([name, { ports = [] }]) =>
      ports.map((port) => ({ name, port })),
    );
    expect(published.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['temporal-ui', 'mailpit', 'jaeger', 'grafana', 'prometheus', 'postgres', 'api']),
    );
    for (const { name, port } of published) {
      if (PUBLIC_SERVICES.has(name)) continue;
      expect(port, `${name} publishes ${port}`).toMatch(/^127\.0\.0\.1:/);
    }
  });

  it('gives Grafana no anonymous viewer and the Temporal UI no write actions', () => {
    expect(service('grafana').environment?.GF_AUTH_ANONYMOUS_ENABLED).toBe('false');
    expect(service('grafana').environment?.GF_SECURITY_ADMIN_PASSWORD).toMatch(/^\$\{GRAFANA_ADMIN_PASSWORD:\?/);
    expect(service('temporal-ui').environment?.TEMPORAL_DISABLE_WRITE_ACTIONS).toBe('true');
  });

  it('keeps Mailpit in the dev profile, and the roles send mail to SMTP_URL, which must be set', () => {
    expect(service('mailpit').profiles).toEqual(['dev']);
    for (const role of ['api', 'worker', 'relay']) {
      expect(service(role).environment?.NODE_ENV, role).toBe('production');
      expect(String(service(role).environment?.SMTP_URL), role).toMatch(/^\$\{SMTP_URL:\?/);
      expect(service(role).depends_on?.mailpit?.required, role).toBe(false);
    }
  });

  it('requires the account members pay bank deposits into (production refuses the demo one)', () => {
    for (const role of ['api', 'worker', 'relay']) {
      const environment = service(role).environment;
      expect(String(environment?.BANK_DEPOSIT_ACCOUNT_NUMBER), role).toMatch(/^\$\{BANK_DEPOSIT_ACCOUNT_NUMBER:\?/);
      expect(String(environment?.BANK_DEPOSIT_ACCOUNT_HOLDER), role).toMatch(/^\$\{BANK_DEPOSIT_ACCOUNT_HOLDER:\?/);
    }
  });

  it('requires METRICS_TOKEN and has Prometheus send it on every scrape', () => {
    for (const role of ['api', 'worker', 'relay']) {
      expect(String(service(role).environment?.METRICS_TOKEN), role).toMatch(/^\$\{METRICS_TOKEN:\?/);
    }
    expect(compose.secrets?.metrics_token?.environment).toBe('METRICS_TOKEN');
    expect(service('prometheus').secrets).toContain('metrics_token');
    expect(prometheus.scrape_configs.map((job) => job.job_name)).toEqual(['api', 'worker', 'relay']);
    for (const job of prometheus.scrape_configs) {
      expect(job.authorization?.credentials_file, job.job_name).toBe('/run/secrets/metrics_token');
    }
  });
});
