// The public surface of `health`: health and metrics routes. Other modules import only this file.
export { metricsRoutes } from './metrics-routes';
export { healthRoutes } from './routes';
export { registerHttpMetrics } from './metrics';
