// The public surface of `background`: a periodic task runner for the API process's housekeeping loops.
export { runPeriodically, type PeriodicTask } from './periodic';
