// The public surface of `config`: the validated configuration. Other modules import only this file.
export { type AppConfig, ConfigError, loadConfig, REPO_ROOT } from './config';
