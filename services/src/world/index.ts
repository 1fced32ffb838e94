export {
  WORLD_OPERATOR_EMAIL,
  WORLD_PASSWORD,
  WORLD_SIZES,
  generateWorld,
  worldCreatorEmail,
  worldFanEmail,
  type WorldOptions,
  type WorldReport,
  type WorldSize,
} from './generate';
