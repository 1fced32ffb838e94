// The public surface of `background`: a periodic task runner for the API process's housekeeping loops, and the
// tracking of work a request leaves running until the app closes.
export { runPeriodically, type PeriodicTask } from './periodic';
export { awaitedOnClose } from './until-close';
