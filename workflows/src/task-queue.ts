/** The task queue the production worker polls; every workflow the API starts is started on it. */
export const FANMISSION_TASK_QUEUE = 'fanmission';
