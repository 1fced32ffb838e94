import { createHmac, randomBytes } from 'node:crypto';
import type { AppConfig } from '../config';

/** One text message to one mobile number. */
export interface SmsSend {
  /** Digits, `01012345678`. */
  to: string;
  text: string;
}

/**
 * Sends SMS. Resolves once the provider took the message; rejects when it did not (the caller tells the member to try
 * again: nothing is queued).
 */
export interface SmsProvider {
  readonly name: 'solapi' | 'sandbox';
  send(message: SmsSend): Promise<void>;
}

/**
 * Solapi's REST API (`POST /messages/v4/send-many/detail`, https://developers.solapi.com) with `type: 'SMS'`, signed
 * like the 알림톡 (services/src/alimtalk/provider.ts): HMAC-SHA256 of the date and a salt under the API secret.
 */
export function solapiSmsProvider(options: {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  senderNumber: string;
  timeoutMs: number;
}): SmsProvider {
  return {
    name: 'solapi',
    async send({ to, text }) {
      const date = new Date().toISOString();
      const salt = randomBytes(16).toString('hex');
      const signature = createHmac('sha256', options.apiSecret)
        .update(date + salt)
        .digest('hex');
      const response = await fetch(new URL('/messages/v4/send-many/detail', options.baseUrl), {
        method: 'POST',
        headers: {
          authorization: `HMAC-SHA256 apiKey=${options.apiKey}, date=${date}, salt=${salt}, signature=${signature}`,
          'content-type': 'application/json',
        },
        signal: AbortSignal.timeout(options.timeoutMs),
        body: JSON.stringify({ messages: [{ to, from: options.senderNumber, type: 'SMS', text }] }),
      });
      const body = (await response.json().catch(() => null)) as {
        failedMessageList?: { statusCode?: string; statusMessage?: string }[];
      } | null;
      const failed = body?.failedMessageList?.[0];
      if (!response.ok || failed) {
        throw new Error(`Solapi did not take the SMS: ${failed?.statusCode ?? response.status}`);
      }
    },
  };
}

/**
 * The SMS test mode outside production: keeps each message in memory (newest first) instead of sending it; tests read
 * `sent()`; `copy` hands each to the development mailbox (/dev/mail lists it as a mail to `sms:<number>`).
 */
export function sandboxSmsProvider(
  options: { limit?: number; copy?: (message: SmsSend) => Promise<void> } = {},
): SmsProvider & { sent(): SmsSend[] } {
  const limit = options.limit ?? 200;
  let sent: SmsSend[] = [];
  return {
    name: 'sandbox',
    async send(message) {
      sent = [{ ...message }, ...sent].slice(0, limit);
      await options.copy?.(message);
    },
    sent: () => sent.map((message) => ({ ...message })),
  };
}

/**
 * Solapi once its API key, secret and sender number are set; else the sandbox outside production, and nothing in
 * production (the number cannot be confirmed, so no 알림톡 goes).
 */
export function smsProviderFor(
  config: AppConfig,
  options: { copy?: (message: SmsSend) => Promise<void> } = {},
): SmsProvider | null {
  if (config.SOLAPI_API_KEY && config.SOLAPI_API_SECRET && config.SOLAPI_SENDER_NUMBER) {
    return solapiSmsProvider({
      baseUrl: config.SOLAPI_API_URL,
      apiKey: config.SOLAPI_API_KEY,
      apiSecret: config.SOLAPI_API_SECRET,
      senderNumber: config.SOLAPI_SENDER_NUMBER,
      timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS,
    });
  }
  return config.isProduction ? null : sandboxSmsProvider(options);
}
