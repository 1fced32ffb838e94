import { fileURLToPath } from 'node:url';

/** `sample-workflows.ts` for `workflowsPath`: kept apart so that the workflow bundle never sees `node:url`. */
export const SAMPLE_WORKFLOWS_PATH = fileURLToPath(new URL('./sample-workflows.ts', import.meta.url));
