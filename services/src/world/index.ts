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
