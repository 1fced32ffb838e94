export { sandboxSmsProvider, type SmsProvider, smsProviderFor, type SmsSend } from './sms';
