import { createHmac, randomBytes } from 'node:crypto';
import { alimtalkProviderOf, type AppConfig } from '../config';
import type { ServiceContext } from '../context';
import { variablesOf, type AlimtalkMessage } from './templates';

/** One 알림톡 to one phone. */
export interface AlimtalkSend {
  /** Digits, `01012345678`. */
  to: string;
  message: AlimtalkMessage;
}

/**
 * Sends 알림톡. Resolves once the provider took the message, or refused it for good (a number without KakaoTalk, a
 * blocked channel: retrying would not help, it is logged); rejects when it may go later (the provider unreachable or
 * failing), so the event comes again.
 */
export interface AlimtalkProvider {
  readonly name: 'solapi' | 'sandbox';
  send(send: AlimtalkSend): Promise<void>;
}

/** A provider's refusal of the request itself (its credentials, a template it does not know): not worth retrying soon. */
export class AlimtalkRequestError extends Error {}

/**
 * Solapi's REST API (`POST /messages/v4/send-many/detail`, https://developers.solapi.com), signed with HMAC-SHA256 of
 * the date and a salt under the API secret, as its SDK signs. SMS fallback is off: a member without KakaoTalk has his
 * mail and push.
 */
export function solapiProvider(options: {
  baseUrl: string;
  apiKey: string;
  apiSecret: string;
  pfId: string;
  senderNumber: string;
  publicUrl: string;
  /** Kakao's ids of our approved templates, by our code; a code without one is sent as it is. */
  templateIds: Record<string, string>;
  timeoutMs: number;
  log: ServiceContext['log'];
}): AlimtalkProvider {
  const authorization = () => {
    const date = new Date().toISOString();
    const salt = randomBytes(16).toString('hex');
    const signature = createHmac('sha256', options.apiSecret)
      .update(date + salt)
      .digest('hex');
    return `HMAC-SHA256 apiKey=${options.apiKey}, date=${date}, salt=${salt}, signature=${signature}`;
  };
  return {
    name: 'solapi',
    async send({ to, message }) {
      const { template } = message;
      const link = `${options.publicUrl}/${message.variables['#{link}'] ?? ''}`;
      const response = await fetch(new URL('/messages/v4/send-many/detail', options.baseUrl), {
        method: 'POST',
        headers: { authorization: authorization(), 'content-type': 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
        body: JSON.stringify({
          messages: [
            {
              to,
              from: options.senderNumber,
              type: 'ATA',
              kakaoOptions: {
                pfId: options.pfId,
                templateId: options.templateIds[template.code] ?? template.code,
                variables: message.variables,
                disableSms: true,
                buttons: [{ buttonType: 'WL', buttonName: template.buttonName, linkMo: link, linkPc: link }],
              },
            },
          ],
        }),
      });
      const body = (await response.json().catch(() => null)) as {
        failedMessageList?: { statusCode?: string; statusMessage?: string }[];
        errorCode?: string;
        errorMessage?: string;
      } | null;
      if (response.status >= 500) throw new Error(`Solapi answered ${response.status}`);
      if (!response.ok) {
        throw new AlimtalkRequestError(
          `Solapi refused the request: ${body?.errorCode ?? response.status} ${body?.errorMessage ?? ''}`,
        );
      }
      const failed = body?.failedMessageList?.[0];
      if (failed) {
        options.log.warn(
          { template: template.code, statusCode: failed.statusCode, statusMessage: failed.statusMessage },
          'an alimtalk was not delivered',
        );
      }
    },
  };
}

/**
 * The provider's test mode outside production: checks the message against its template as Kakao would (every
 * variable filled, none unknown) and keeps it in memory (newest first) instead of sending it.
 */
export function sandboxAlimtalkProvider(limit = 200): AlimtalkProvider & { sent(): AlimtalkSend[] } {
  let sent: AlimtalkSend[] = [];
  return {
    name: 'sandbox',
    async send(message) {
      const expected = new Set([...variablesOf(message.message.template.text), 'link']);
      const given = new Set(Object.keys(message.message.variables).map((key) => key.slice(2, -1)));
      const missing = [...expected].filter((name) => !given.has(name));
      const unknown = [...given].filter((name) => !expected.has(name));
      if (missing.length > 0 || unknown.length > 0) {
        throw new AlimtalkRequestError(
          `template ${message.message.template.code}: missing ${missing.join(', ')}; unknown ${unknown.join(', ')}`,
        );
      }
      sent = [message, ...sent].slice(0, limit);
    },
    sent: () => [...sent],
  };
}

/** The configured provider (services/src/config: `alimtalkProviderOf`), or null when the channel is off. */
export function alimtalkProviderFor(config: AppConfig, log: ServiceContext['log']): AlimtalkProvider | null {
  switch (alimtalkProviderOf(config)) {
    case 'solapi':
      return solapiProvider({
        baseUrl: config.SOLAPI_API_URL,
        apiKey: config.SOLAPI_API_KEY ?? '',
        apiSecret: config.SOLAPI_API_SECRET ?? '',
        pfId: config.SOLAPI_KAKAO_PFID ?? '',
        senderNumber: config.SOLAPI_SENDER_NUMBER ?? '',
        publicUrl: config.PUBLIC_URL,
        templateIds: config.ALIMTALK_TEMPLATE_IDS ?? {},
        timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS,
        log,
      });
    case 'sandbox':
      return sandboxAlimtalkProvider();
    default:
      return null;
  }
}
