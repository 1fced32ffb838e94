import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in delivered: the recipient, Kakao's template id, the text as filled in, and the button's link. */
export interface DeliveredAlimtalk {
  to: string;
  templateId: string;
  text: string;
  link: string;
}

interface SolapiMessage {
  to?: string;
  from?: string;
  type?: string;
  kakaoOptions?: {
    pfId?: string;
    templateId?: string;
    variables?: Record<string, string>;
    disableSms?: boolean;
    buttons?: { buttonType?: string; buttonName?: string; linkMo?: string }[];
  };
}

/**
 * A local stand-in for Solapi's message API, as the payment sandboxes stand in for theirs: `POST
 * /messages/v4/send-many/detail` with Solapi's HMAC-SHA256 authorization (the signature recomputed with the expected
 * secret; a wrong one is 401 `InvalidApiKey`), 알림톡 (`ATA`) only, from the expected channel and sender. A template
 * must be registered (as Kakao approves it, by its id) and every `#{variable}` of its text given, none else, as Kakao
 * requires; the text is filled in and kept. Numbers listed in `withoutKakaoTalk` fail as a phone without KakaoTalk
 * does (in `failedMessageList`, 200); `failNext(status)` answers the next requests with a server error.
 */
export function createSolapiStandIn(options: {
  apiKey: string;
  apiSecret: string;
  pfId: string;
  senderNumber: string;
  /** Template id → its approved text. */
  templates: Map<string, string>;
  withoutKakaoTalk?: string[];
}) {
  const delivered: DeliveredAlimtalk[] = [];
  const refused: string[] = [];
  let failures: number[] = [];

  const authorized = (header: string | undefined) => {
    const match = /^HMAC-SHA256 apiKey=([^,]+), date=([^,]+), salt=([^,]+), signature=([0-9a-f]+)$/.exec(header ?? '');
    if (!match || match[1] !== options.apiKey) return false;
    const [, , date, salt, signature] = match;
    if (Math.abs(Date.now() - Date.parse(date!)) > 15 * 60_000) return false;
    const expected = createHmac('sha256', options.apiSecret)
      .update(date! + salt!)
      .digest();
    const given = Buffer.from(signature!, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  };

  /** Why Kakao would refuse the message, or '' when it is sendable; `delivered` then has it. */
  function deliver(message: SolapiMessage): string {
    const kakao = message.kakaoOptions;
    if (message.type !== 'ATA' || !kakao) return 'not an alimtalk';
    if (kakao.pfId !== options.pfId || message.from !== options.senderNumber) return 'unknown channel or sender';
    const template = options.templates.get(kakao.templateId ?? '');
    if (template === undefined) return `template ${kakao.templateId} is not approved`;
    const names = new Set([...template.matchAll(/#\{(\w+)\}/g)].map((found) => `#{${found[1]}}`));
    const button = kakao.buttons?.[0];
    const linkNames = new Set([...(button?.linkMo ?? '').matchAll(/#\{(\w+)\}/g)].map((found) => found[0]));
    const given = Object.keys(kakao.variables ?? {});
    const missing = [...names].filter((name) => !given.includes(name));
    // The link's variable is filled into the button by the sender here (the approved button reads `#{link}`).
    const unknown = given.filter((name) => !names.has(name) && name !== '#{link}' && !linkNames.has(name));
    if (missing.length > 0 || unknown.length > 0) return `variables missing ${missing} unknown ${unknown}`;
    if (!/^01\d{8,9}$/.test(message.to ?? '')) return 'not a mobile number';
    delivered.push({
      to: message.to!,
      templateId: kakao.templateId!,
      text: template.replace(/#\{\w+\}/g, (name) => kakao.variables?.[name] ?? ''),
      link: button?.linkMo ?? '',
    });
    return '';
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || request.url !== '/messages/v4/send-many/detail') {
        answer(404, { errorCode: 'NotFound', errorMessage: request.url });
        return;
      }
      const failure = failures.shift();
      if (failure) {
        answer(failure, { errorCode: 'InternalError', errorMessage: 'the stand-in fails as asked' });
        return;
      }
      if (!authorized(request.headers.authorization)) {
        answer(401, { errorCode: 'InvalidApiKey', errorMessage: 'signature' });
        return;
      }
      const { messages = [] } = JSON.parse(Buffer.concat(chunks).toString()) as { messages?: SolapiMessage[] };
      const failedMessageList: { to?: string; statusCode: string; statusMessage: string }[] = [];
      for (const message of messages) {
        if (options.withoutKakaoTalk?.includes(message.to ?? '')) {
          failedMessageList.push({ to: message.to, statusCode: '3104', statusMessage: '카카오톡 미사용자' });
          continue;
        }
        const problem = deliver(message);
        if (problem) {
          refused.push(problem);
          answer(400, { errorCode: 'ValidationError', errorMessage: problem });
          return;
        }
      }
      answer(200, { groupInfo: { count: { total: messages.length } }, failedMessageList });
    });
  });

  return {
    delivered,
    refused,
    failNext: (...statuses: number[]) => {
      failures = statuses;
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
