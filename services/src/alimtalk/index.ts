// The public surface of `alimtalk`: KakaoTalk 알림톡, its templates, providers and consumer. Other modules import only
// this file.
export { ALIMTALK_CONSUMER, createAlimtalkConsumer } from './consumer';
export {
  type AlimtalkProvider,
  alimtalkProviderFor,
  AlimtalkRequestError,
  type AlimtalkSend,
  sandboxAlimtalkProvider,
  solapiProvider,
} from './provider';
export { ALIMTALK_KINDS, ALIMTALK_TEMPLATES, type AlimtalkTemplate, alimtalkMessage, variablesOf } from './templates';
