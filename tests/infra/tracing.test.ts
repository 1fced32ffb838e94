// Tracing as an operator runs it: `npm start` with OTEL_EXPORTER_OTLP_ENDPOINT set exports its spans over OTLP to
// a receiver in this test. A fan's mission request and the creator's perform, each one trace: the request's holds
// the HTTP route, its PostgreSQL statements, the ledger hold, the workflow's start and run and a consumer's effect of
// the event it recorded; the perform's holds the route, the workflow update, the activity it runs, the ledger release
// and the consumers' effects of the completion. The trace id is in the request's log lines and in an error's body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';
import { consoleLoginTo, loginTo, startNpmStart, stopAll, until, untilHealthy } from '../support/npm-start';

const TRACE_UI = 'http://traces.example.test';
type Receiver = Awaited<ReturnType<typeof startOtlpReceiver>>;
type Started = Awaited<ReturnType<typeof startNpmStart>>;
interface ProductView {
  id: number;
  type: string;
  coinPrice: number | null;
  creator: { url: string };
}

describe('tracing (OTEL_EXPORTER_OTLP_ENDPOINT set)', () => {
  let receiver: Receiver;
  let started: Started;
  let base: string;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    started = await startNpmStart({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
      OTEL_BSP_SCHEDULE_DELAY: '200',
      LOG_LEVEL: 'info',
      TRACE_UI_URL: TRACE_UI,
    });
    base = `http://127.0.0.1:${started.port}`;
    await untilHealthy(started);
    await until('the worker', 120_000, async () => (started.output().includes('started in') ? true : undefined));
  }, 400_000);

  afterAll(async () => {
    if (started) await stopAll(started.child, started.exited);
    await receiver?.close();
  });

  const login = (username: string) => loginAs(username, 'fanmission1');
  const loginAs = (username: string, password: string) => loginTo(started, username, password);
  const call = async <T>(method: string, path: string, token: string, body?: unknown) => {
    const response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { authorization: token, ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    expect(response.status, `${method} ${path}: ${text}`).toBe(200);
    return JSON.parse(text) as T;
  };
  /** The trace of the HTTP request answered by this route pattern, once its server span has arrived. */
  const traceOfRoute = (name: string) =>
    until(`the span of ${name}`, 30_000, async () => receiver.spans.find((span) => span.name === name)?.traceId);
  const names = (spans: ReceivedSpan[]) => spans.map((span) => span.name);
  /** The spans whose parent is not in the trace: one (the HTTP server span) when the trace is one tree. */
  const rootsOf = (spans: ReceivedSpan[]) => {
    const ids = new Set(spans.map((span) => span.spanId));
    return spans.filter((span) => !span.parentSpanId || !ids.has(span.parentSpanId)).map((span) => span.name);
  };

  it('follows a mission request from the HTTP route to the workflow, its activities and a consumer', async () => {
    const fan = await login('fan@fanmission.local');
    const products = await call<{ content: ProductView[] }>('GET', '/mission-products/page?size=100', fan);
    const product = products.content.find((item) => item.creator.url === 'skydance' && item.type === 'BASIC')!;
    const mission = await call<{ id: number }>('POST', '/missions', fan, {
      missionProductId: product.id,
      private: false,
      toFriend: false,
      to: 'Minji',
      requestComment: 'A traced request',
    });
    const requestTrace = await traceOfRoute('POST /api/v1/missions');

    const creator = await login('dancer@fanmission.local');
    const form = new FormData();
    const picture = await fetch(`${base}/icons/icon-192.png`).then((response) => response.arrayBuffer());
    form.append('data', new Blob([picture], { type: 'image/png' }), 'answer.png');
    const upload = await fetch(`${base}/api/v1/files/s3`, {
      method: 'POST',
      headers: { authorization: creator },
      body: form,
    });
    expect(upload.status, await upload.clone().text()).toBe(200);
    const { id: pictureId } = (await upload.json()) as { id: number };
    await call('POST', `/missions/${mission.id}/perform`, creator, { responseComment: 'Traced!', pictureId });
    const performTrace = await traceOfRoute('POST /api/v1/missions/:id/perform');
    expect(performTrace).not.toBe(requestTrace);

    // The request's trace, once the workflow has run to its end (its span is exported when it ends): the route, its
    // statements, the ledger hold, the workflow's start and run, a consumer's effect of the request's event.
    const requested = await until('the workflow run in the request trace', 60_000, async () => {
      const trace = receiver.trace(requestTrace);
      return trace.some((span) => span.name === 'RunWorkflow:missionWorkflow') ? trace : undefined;
    });
    const scopes = new Set(requested.map((span) => span.scope));
    expect(scopes).toContain('@opentelemetry/instrumentation-http');
    expect(scopes).toContain('@fastify/otel');
    expect(scopes).toContain('@opentelemetry/instrumentation-pg');
    expect(names(requested)).toEqual(
      expect.arrayContaining([
        'ledger HoldForMission',
        'StartWorkflow:missionWorkflow',
        'notifications applies mission.requested',
      ]),
    );
    expect(rootsOf(requested)).toEqual(['POST /api/v1/missions']);

    // The perform's trace: its route, the workflow update and its handler, the activity it ran (with the ledger's
    // release and its statements), and the consumers' effects of the completion.
    const performed = await until('the consumers in the perform trace', 60_000, async () => {
      const trace = receiver.trace(performTrace);
      return trace.some((span) => span.name.endsWith('applies mission.completed')) ? trace : undefined;
    });
    expect(names(performed)).toEqual(
      expect.arrayContaining([
        'StartWorkflowUpdate:perform',
        'HandleUpdate:perform',
        'StartActivity:recordPerformance',
        'RunActivity:recordPerformance',
        'ledger ReleaseToCreator',
      ]),
    );
    expect(performed.some((span) => span.scope === '@opentelemetry/instrumentation-pg')).toBe(true);
    expect(rootsOf(performed)).toEqual(['POST /api/v1/missions/:id/perform']);

    // The request's log lines carry its trace id.
    expect(started.output()).toContain(`"trace_id":"${requestTrace}"`);

    // The console links the mission and its hold to the request's trace, and the release to the perform's.
    const operator = await consoleLoginTo(started, 'admin@fanmission.local', 'fanmission-admin1');
    const admin = async <T>(path: string) => {
      const response = await fetch(`${base}/api/admin${path}`, { headers: operator });
      expect(response.status, path).toBe(200);
      return (await response.json()) as T;
    };
    const shown = await admin<{ traceUrl: string | null }>(`/missions/${mission.id}`);
    expect(shown.traceUrl).toBe(`${TRACE_UI}/trace/${requestTrace}`);
    const escrow = await admin<Array<{ type: string; traceUrl: string | null }>>(
      `/ledger/accounts/escrow:mission:${mission.id}`,
    );
    expect(escrow.find((entry) => entry.type === 'MISSION_HOLD')?.traceUrl).toBe(`${TRACE_UI}/trace/${requestTrace}`);
    expect(escrow.find((entry) => entry.type === 'MISSION_RELEASE')?.traceUrl).toBe(
      `${TRACE_UI}/trace/${performTrace}`,
    );
  }, 180_000);

  it('puts the trace id in an error answer, and that trace reaches the collector', async () => {
    const response = await fetch(`${base}/api/v1/missions`, {
      method: 'POST',
      headers: { authorization: await login('fan@fanmission.local'), 'content-type': 'application/json' },
      body: JSON.stringify({ missionProductId: 'not a number' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { traceId?: string };
    expect(body.traceId).toMatch(/^[0-9a-f]{32}$/);
    await until('the error trace', 30_000, async () => (receiver.trace(body.traceId!).length > 0 ? true : undefined));
  }, 60_000);

  it('starts its own trace for a request that names one (a caller’s traceparent is not continued)', async () => {
    const chosen = 'deadbeefdeadbeefdeadbeefdeadbeef';
    const response = await fetch(`${base}/api/v1/missions`, {
      method: 'POST',
      headers: {
        authorization: await login('fan@fanmission.local'),
        'content-type': 'application/json',
        traceparent: `00-${chosen}-1111111111111111-01`,
      },
      body: JSON.stringify({ missionProductId: 'not a number' }),
    });
    expect(response.status).toBe(400);
    const { traceId } = (await response.json()) as { traceId?: string };
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(traceId).not.toBe(chosen);
    await until('the error trace', 30_000, async () => (receiver.trace(traceId!).length > 0 ? true : undefined));
    expect(receiver.trace(chosen)).toEqual([]);
  }, 60_000);

  it('exports no reset or invitation code, verification token or file signature, whatever URL carried it', async () => {
    const mailTo = (to: string, pattern: RegExp) =>
      until(`the mail to ${to}`, 30_000, async () => {
        const mails = (await (await fetch(`${base}/dev/mail/api`)).json()) as Array<{ to: string; text: string }>;
        const match = mails.find((mail) => mail.to.includes(to))?.text.match(pattern);
        return match ? decodeURIComponent(match[1]!) : undefined;
      });
    const send = (method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) =>
      fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...init.headers },
        ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
      });
    const secrets: string[] = [];

    // A password reset: the mailed page, the legacy query form of the PUT (refused once for the password's format,
    // which leaves the code valid), then the body form.
    const member = 'traced-reset@example.com';
    const signUp = await send('POST', '/api/v1/users', {
      body: {
        username: 'tracedfan',
        email: member,
        password: 'letters123',
        phone: '01012345678',
        address: '서울특별시 강남구 테헤란로 1',
        addressDetail: '101호',
        birthDate: '2000-01-15',
        verifySuccessUrl: `http://localhost:${started.port}/email-sent/success-auth-public-user`,
      },
    });
    expect(signUp.status, await signUp.clone().text()).toBe(200);
    const token = await mailTo(member, /email-verification#token=([^\s"<>]+)/);
    secrets.push(token);
    expect((await fetch(`${base}/email-verification?token=${encodeURIComponent(token)}`)).status).toBe(200);
    expect((await send('POST', '/api/v1/users/email-verification', { body: { token } })).status).toBe(200);

    expect((await send('POST', '/api/v1/users/user/forgot-password-reset', { body: { email: member } })).status).toBe(
      200,
    );
    const code = await mailTo(member, /password-reset#code=([^\s"<>]+)/);
    secrets.push(code);
    expect((await fetch(`${base}/password-reset?code=${encodeURIComponent(code)}`)).status).toBe(200);
    const query = `/api/v1/users/user/forgot-password-reset?code=${encodeURIComponent(code)}`;
    expect((await send('PUT', query, { body: { password: 'short' } })).status).toBe(400);
    expect((await send('PUT', query, { body: { password: 'newpass456' } })).status).toBe(200);

    // A staff invitation (a console account for 72 hours), opened in the legacy query form.
    const session = await send('POST', '/api/admin/session', {
      body: { username: 'admin@fanmission.local', password: 'fanmission-admin1' },
    });
    expect(session.status).toBe(200);
    const cookie = session.headers
      .getSetCookie()
      .find((line) => line.startsWith('fm_console='))!
      .split(';')[0]!;
    const invited = 'traced-staff@example.com';
    const invitation = await send('POST', '/api/admin/staff', {
      headers: { cookie, 'x-requested-with': 'fanmission' },
      body: { email: invited, roles: ['ROLE_FINANCE'] },
    });
    // The demo's finance2@ approves it (an invitation waits for a second finance member: services/src/approvals).
    expect(invitation.status, await invitation.clone().text()).toBe(202);
    const checkerSession = await send('POST', '/api/admin/session', {
      body: { username: 'finance2@fanmission.local', password: 'fanmission1' },
    });
    expect(checkerSession.status).toBe(200);
    const checkerCookie = checkerSession.headers
      .getSetCookie()
      .find((line) => line.startsWith('fm_console='))!
      .split(';')[0]!;
    const { id: requestId } = (await invitation.json()) as { id: number };
    const approved = await send('POST', `/api/admin/approvals/${requestId}/decision`, {
      headers: { cookie: checkerCookie, 'x-requested-with': 'fanmission' },
      body: { decision: 'approve' },
    });
    expect(approved.status, await approved.clone().text()).toBe(200);
    const invitationCode = await mailTo(invited, /password-reset#code=([^\s"<>]+)/);
    secrets.push(invitationCode);
    expect((await fetch(`${base}/password-reset?code=${encodeURIComponent(invitationCode)}`)).status).toBe(200);

    // A private file's signed URL, as its uploader gets it.
    const creator = await login('dancer@fanmission.local');
    const form = new FormData();
    const picture = await fetch(`${base}/icons/icon-192.png`).then((response) => response.arrayBuffer());
    form.append('data', new Blob([picture], { type: 'image/png' }), 'private.png');
    const upload = await fetch(`${base}/api/v1/files/s3`, {
      method: 'POST',
      headers: { authorization: creator },
      body: form,
    });
    const { s3Url } = (await upload.json()) as { s3Url: string };
    const signature = new URL(s3Url, base).searchParams.get('sig');
    expect(signature).toBeTruthy();
    secrets.push(signature!);
    expect((await fetch(new URL(s3Url, base))).status).toBe(200);

    // Every span of those requests has arrived (the last one's), then nothing exported holds a secret.
    await until('the signed file’s span', 30_000, async () =>
      receiver.spans.some((span) => String(span.attributes['url.path'] ?? '').startsWith('/files/')) ? true : undefined,
    );
    const texts = receiver.spans.flatMap((span) => [
      span.name,
      ...Object.values(span.attributes).map(String),
      ...span.events.flatMap((event) => Object.values(event.attributes).map(String)),
    ]);
    const leaks = secrets.flatMap((secret) => texts.filter((text) => text.includes(secret)));
    console.log(`[tracing] ${receiver.spans.length} spans, ${texts.length} names and attribute values scanned`);
    expect(leaks).toEqual([]);
    expect(texts.some((text) => text.includes('code=[REDACTED]'))).toBe(true);
  }, 120_000);
});
