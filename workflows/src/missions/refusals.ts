/**
 * Why the mission workflow refuses an action (the ApplicationFailure type of a rejected Update). The API answers
 * each with a localized message; the English texts here are for logs and the Temporal UI.
 */
export const MISSION_ACTION_REFUSALS = {
  NOT_REQUESTED: 'this mission is not waiting for a decision',
  ALREADY_DECIDED: 'this mission has already been accepted or refused',
  DECISION_DEADLINE_PASSED: 'the 30 days to accept or refuse this mission have passed',
  NOT_ACCEPTED: 'this mission is not waiting to be performed',
  ALREADY_PERFORMED: 'this mission has already been performed',
  PERFORM_DEADLINE_PASSED: 'the 10 days to perform this mission have passed',
} as const;

export type MissionActionRefusal = keyof typeof MISSION_ACTION_REFUSALS;

export const isMissionActionRefusal = (type: unknown): type is MissionActionRefusal =>
  typeof type === 'string' && Object.hasOwn(MISSION_ACTION_REFUSALS, type);

/**
 * The ApplicationFailure type of a perform whose file was deleted before it could be recorded:
 * the activity fails without retrying, the workflow returns to ACCEPTED (its deadline still running) and the Update
 * fails with this type.
 */
export const MISSION_MEDIA_MISSING = 'MEDIA_MISSING';
