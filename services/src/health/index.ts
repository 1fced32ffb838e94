// The public surface of `health`: health and metrics routes. Other modules import only this file.
export { registerHttpMetrics } from './metrics';
export { metricsRoutes } from './metrics-routes';
export { healthRoutes } from './routes';
