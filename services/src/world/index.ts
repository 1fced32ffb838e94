export { generateWorld } from './generate';
export {
  WORLD_OPERATOR_EMAIL,
  WORLD_PASSWORD,
  WORLD_SIZES,
  worldCreatorEmail,
  worldFanEmail,
  type WorldOptions,
  type WorldReport,
  type WorldSize,
} from './shape';
