// The public surface of `health`: health and metrics routes, and the metrics listener of the roles without an API.
// Other modules import only this file.
export { exposedMetricFamilies, registerHttpMetrics } from './metrics';
export { startMetricsListener, type MetricsListener } from './metrics-listener';
export { metricsRoutes } from './metrics-routes';
export { healthRoutes } from './routes';
