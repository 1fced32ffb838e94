// docker-compose.yml's observability (no Docker engine here: the files are checked, not run): the OpenTelemetry
// Collector, Jaeger, Prometheus and Grafana are wired to each other and to the application roles, every file a
// service mounts exists, Prometheus scrapes the path and ports the roles serve, and every metric the Grafana dashboard
// queries is one the product exposes (the names come from the code's registries: exposedMetricFamilies()).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { exposedMetricFamilies } from '@fanmission/services/health';
import { useTestApp } from '../harness/app';
import { REPO_ROOT } from '../../scripts/lib/paths';

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string | number>;
  volumes?: string[];
  ports?: string[];
}

const readYaml = <T>(file: string): T => parse(readFileSync(path.join(REPO_ROOT, file), 'utf8'), { merge: true }) as T;
const compose = readYaml<{ services: Record<string, ComposeService> }>('docker-compose.yml');
const service = (name: string): ComposeService => {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service ${name}`);
  return found;
};
/** A service's bind mounts: the repository path and where it appears in the container. */
const bindMounts = (name: string) =>
  (service(name).volumes ?? [])
    .filter((volume) => volume.startsWith('./'))
    .map((volume) => {
      const [source, target] = volume.split(':');
      return { source: source!, target: target! };
    });
/** The repository file a container path of a service's bind mounts comes from. */
function mountedFile(name: string, containerPath: string): string {
  const mount = bindMounts(name).find(
    ({ target }) => containerPath === target || containerPath.startsWith(`${target}/`),
  );
  if (!mount) throw new Error(`${name} mounts nothing at ${containerPath}`);
  return path.join(mount.source, containerPath.slice(mount.target.length));
}

const ROLES = ['api', 'worker', 'relay'] as const;
const testApp = useTestApp();

describe('docker-compose.yml observability', () => {
  it('runs a collector, Jaeger, Prometheus and Grafana, and every file a service mounts exists', () => {
    for (const name of ['otel-collector', 'jaeger', 'prometheus', 'grafana']) expect(service(name).image).toBeTruthy();
    for (const name of Object.keys(compose.services)) {
      for (const { source } of bindMounts(name)) {
        expect(existsSync(path.join(REPO_ROOT, source)), `${name} mounts ${source}`).toBe(true);
      }
    }
  });

  it('sends every role’s traces to the collector, and the collector’s to Jaeger', () => {
    for (const role of ROLES) {
      expect(service(role).environment?.OTEL_EXPORTER_OTLP_ENDPOINT, role).toBe('http://otel-collector:4318');
    }
    const collector = readYaml<{
      receivers: { otlp: { protocols: { grpc: { endpoint: string }; http: { endpoint: string } } } };
      exporters: Record<string, { endpoint: string }>;
      service: { pipelines: { traces: { receivers: string[]; exporters: string[] } } };
    }>(mountedFile('otel-collector', '/etc/otelcol-contrib/config.yaml'));
    expect(service('otel-collector').command).toEqual(['--config=/etc/otelcol-contrib/config.yaml']);
    expect(collector.receivers.otlp.protocols.grpc.endpoint).toBe('0.0.0.0:4317');
    expect(collector.receivers.otlp.protocols.http.endpoint).toBe('0.0.0.0:4318');
    const [exporter] = collector.service.pipelines.traces.exporters;
    expect(collector.service.pipelines.traces.receivers).toEqual(['otlp']);
    expect(collector.exporters[exporter!]?.endpoint).toBe('jaeger:4317');
    expect(service('jaeger').command).toContain('--set=receivers.otlp.protocols.grpc.endpoint=0.0.0.0:4317');
  });

  it('has Prometheus scrape the path and port each role serves its metrics on', () => {
    const prometheus = readYaml<{
      scrape_configs: Array<{
        job_name: string;
        metrics_path: string;
        dns_sd_configs: Array<{ names: string[]; port: number }>;
      }>;
    }>(mountedFile('prometheus', '/etc/prometheus/prometheus.yml'));
    expect(service('prometheus').command).toContain('--config.file=/etc/prometheus/prometheus.yml');
    const ports = { api: service('api').environment?.PORT, worker: undefined, relay: undefined } as Record<
      string,
      unknown
    >;
    for (const role of ['worker', 'relay']) ports[role] = service(role).environment?.METRICS_PORT;
    for (const role of ROLES) {
      const job = prometheus.scrape_configs.find((config) => config.job_name === role);
      expect(job, role).toBeDefined();
      expect(job!.dns_sd_configs[0]!.names).toEqual([role]);
      expect(job!.dns_sd_configs[0]!.port, role).toBe(Number(ports[role]));
      // The API's route, and the path of the worker's and relay's listener (services/src/health/metrics-listener.ts).
      expect(testApp.current.app.hasRoute({ method: 'GET', url: job!.metrics_path }), role).toBe(true);
    }
  });

  it('provisions Grafana with Prometheus, Jaeger and a dashboard of metrics the product exposes', async () => {
    const grafana = service('grafana');
    const datasources = readYaml<{ datasources: Array<{ uid: string; type: string; url: string }> }>(
      mountedFile('grafana', '/etc/grafana/provisioning/datasources/datasources.yaml'),
    ).datasources;
    expect(datasources.map(({ type, url }) => `${type} ${url}`)).toEqual([
      'prometheus http://prometheus:9090',
      'jaeger http://jaeger:16686',
    ]);
    const providers = readYaml<{ providers: Array<{ options: { path: string } }> }>(
      mountedFile('grafana', '/etc/grafana/provisioning/dashboards/dashboards.yaml'),
    ).providers;
    const dashboardFile = mountedFile('grafana', `${providers[0]!.options.path}/fanmission.json`);
    expect(mountedFile('grafana', String(grafana.environment?.GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH))).toBe(
      dashboardFile,
    );

    const dashboard = JSON.parse(readFileSync(path.join(REPO_ROOT, dashboardFile), 'utf8')) as {
      panels: Array<{ type: string; title: string; datasource?: { uid: string }; targets?: Array<{ expr: string }> }>;
    };
    const exposed = new Set<string>();
    for (const { name, type } of await exposedMetricFamilies()) {
      exposed.add(name);
      if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) exposed.add(name + suffix);
    }
    const queried = new Set<string>();
    for (const panel of dashboard.panels.filter((candidate) => candidate.type !== 'row')) {
      expect(
        datasources.map(({ uid }) => uid),
        panel.title,
      ).toContain(panel.datasource?.uid);
      for (const { expr } of panel.targets ?? []) {
        const names = expr.match(/\b(?:fanmission|process|nodejs)_[a-z0-9_]+/g) ?? [];
        expect(names.length, `${panel.title}: ${expr}`).toBeGreaterThan(0);
        for (const name of names) {
          expect(exposed.has(name), `${panel.title} queries ${name}, which the product does not expose`).toBe(true);
          queried.add(name);
        }
      }
    }
    // And the other way round: every Fanmission series has a panel.
    const families = (await exposedMetricFamilies()).filter(({ name }) => name.startsWith('fanmission_'));
    for (const { name, type } of families) {
      const onDashboard =
        type === 'histogram' ? queried.has(`${name}_count`) || queried.has(`${name}_bucket`) : queried.has(name);
      expect(onDashboard, `${name} has no panel`).toBe(true);
    }
  });
});
