// The public surface of `config`: the validated configuration. Other modules import only this file.
export {
  alimtalkProviderOf,
  type AppConfig,
  ConfigError,
  DEMO_BANK_DEPOSIT_ACCOUNT,
  DEVELOPMENT_ADMIN_PASSWORD,
  loadConfig,
  REPO_ROOT,
} from './config';
