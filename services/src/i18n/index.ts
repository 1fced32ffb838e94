// The public surface of `i18n`: the server message catalogue. Other modules import only this file.
export { isMessageKey, type MessageKey, type MessageParams, translate } from './messages';
