export { generateWorld, WORLD_DB_OPTIONS } from './generate';
export {
  WORLD_OPERATOR_EMAIL,
  WORLD_PASSWORD,
  WORLD_SIZES,
  worldCreatorEmail,
  worldFanEmail,
  type CastCreator,
  type WorldCast,
  type WorldOptions,
  type WorldReport,
  type WorldSize,
} from './shape';
// The bulk path of the world's loads, for data added to a generated world (tests/bench/persona.ts).
export { withoutSecondaryIndexes } from './indexes';
export { fillMissionCounters, withoutRowTriggers } from './triggers';
export { fillReviews } from './reviews';
