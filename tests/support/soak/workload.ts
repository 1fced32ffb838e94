import { randomUUID } from 'node:crypto';
import type { PortOneServer } from '../payment-providers';
import { PORTONE_WEBHOOK_SECRET, signPortOneWebhook } from '../payment-providers';
import { multipartForm, PNG_1X1 } from '../files';
import { BASIC_PRICE, LUCKY_PRICE, type Member, type SoakCast, type SoakCreator } from './cast';
import type { Balancer, SoakAnswer, SoakRequest } from './client';
import type { Random } from './random';

/*
 * The soak's traffic: open-loop Poisson arrivals at `rate` actions a second, each action drawn by weight from a
 * marketplace's day — fans browsing, buying coins (the provider takes the money, its signed webhook credits them),
 * asking for bank deposits that finance confirms (a second finance member approves what the four-eyes rule holds
 * back), requesting BASIC and CUSTOM missions, rolling lucky roulettes, commenting, liking, following and withdrawing
 * a charge; creators accepting, refusing and performing with an upload. Once in the run the lottery event is drawn,
 * and near its end a settlement month is run. An action is its requests in turn; arrivals beyond `maxInFlight`
 * actions under way are skipped and counted (the client, not the product, is then the limit).
 *
 * What each action was answered is recorded (missions and what they should be now, orders the provider took money
 * for, deposits confirmed, withdrawals): the invariants compare the database with it after the drain.
 */

export type Expected = 'REQUESTED' | 'ACCEPTED' | 'COMPLETED' | 'REJECTED';
export interface TrackedMission {
  id: number;
  fan: Member;
  creator: SoakCreator;
  kind: 'BASIC' | 'CUSTOM' | 'LUCKY';
  price: number;
  expected: Expected;
  /** An action on it ended without an answer (3 minutes of 503s): its state is either. */
  uncertain: boolean;
}

export interface WorkloadRecord {
  missions: Map<number, TrackedMission>;
  /** Our payment ids the provider took the money for. */
  ordersPaidAtProvider: Set<string>;
  bankTransfersRequested: number[];
  bankTransfersConfirmed: Set<number>;
  approvals: number;
  withdrawals: number[];
  actions: Map<string, number>;
  skipped: number;
  failedActions: Map<string, number>;
  /** The lottery event's product, once its creator has drawn it. */
  lotteryDrawn?: number;
  settlementRuns: number;
}

export interface Workload {
  readonly record: WorkloadRecord;
  /** Stops the arrivals and waits for the actions under way. */
  stop(): Promise<void>;
}

const WEIGHTS = {
  browse: 14,
  purchase: 7,
  bankDeposit: 2,
  basic: 9,
  custom: 6,
  lucky: 14,
  creatorWork: 16,
  comment: 8,
  like: 8,
  follow: 8,
  withdraw: 1,
  finance: 3,
} as const;
type ActionName = keyof typeof WEIGHTS;

export interface WorkloadOptions {
  client: Balancer;
  cast: SoakCast;
  portOne: PortOneServer;
  random: Random;
  /** Actions a second. */
  rate: number;
  maxInFlight?: number;
  coinItem: { id: number; won: number };
  /** When the run ends (ms, performance.now()): the lottery is drawn at 40 % of it, the settlement run at 80 %. */
  startedAt: number;
  endsAt: number;
  log: (line: string) => void;
}

export function startWorkload(options: WorkloadOptions): Workload {
  const { client, cast, random } = options;
  const record: WorkloadRecord = {
    missions: new Map(),
    ordersPaidAtProvider: new Set(),
    bankTransfersRequested: [],
    bankTransfersConfirmed: new Set(),
    approvals: 0,
    withdrawals: [],
    actions: new Map(),
    skipped: 0,
    failedActions: new Map(),
    settlementRuns: 0,
  };
  /** Per creator, the missions waiting for him (a CUSTOM request to decide, an accepted one to perform). */
  const waiting = new Map<number, TrackedMission[]>();
  const performed: TrackedMission[] = [];
  const roulettes = new Map<string, number>();
  const liked = new Set<string>();
  const following = new Set<string>();
  const transfersToConfirm: number[] = [];
  let bankDepositors = 0;
  const bump = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

  const send = (request: SoakRequest, member?: Member, key?: string) =>
    client.send({
      ...request,
      headers: {
        ...request.headers,
        ...(member && { authorization: member.token }),
        ...(key && { 'idempotency-key': key }),
      },
    });
  const ok = (answer: SoakAnswer, what: string) => {
    if (answer.status >= 200 && answer.status < 300) return true;
    bump(record.failedActions, `${what} ${answer.status}`);
    return false;
  };
  const queueFor = (mission: TrackedMission) => {
    const list = waiting.get(mission.creator.creatorId) ?? [];
    list.push(mission);
    waiting.set(mission.creator.creatorId, list);
  };
  const track = (mission: Omit<TrackedMission, 'uncertain'>) => {
    const tracked = { ...mission, uncertain: false };
    record.missions.set(tracked.id, tracked);
    queueFor(tracked);
  };

  const buy = async (fan: Member): Promise<string | undefined> => {
    const ordered = await send(
      {
        method: 'POST',
        path: '/api/v1/payment',
        kind: 'purchase.order',
        json: { coinItemId: options.coinItem.id, userId: fan.id, payMethod: 'card', pg: 'card' },
      },
      fan,
      `soak-order-${randomUUID()}`,
    );
    if (!ok(ordered, 'purchase.order')) return undefined;
    const paymentId = ordered.json<{ merchantUid: string }>().merchantUid;
    options.portOne.setPayment(paymentId, { status: 'PAID', total: options.coinItem.won });
    record.ordersPaidAtProvider.add(paymentId);
    const body = JSON.stringify({ type: 'Transaction.Paid', timestamp: new Date().toISOString(), data: { paymentId } });
    // PortOne sends a webhook again until it is answered 2xx.
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const hooked = await send({
        method: 'POST',
        path: '/api/v1/payment/webhooks/portone',
        kind: 'purchase.webhook',
        headers: signPortOneWebhook(PORTONE_WEBHOOK_SECRET, body),
        body: Buffer.from(body),
      });
      if (hooked.status === 200) return paymentId;
      bump(record.failedActions, `purchase.webhook ${hooked.status}`);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    return undefined;
  };

  const request = async (fan: Member, creator: SoakCreator, kind: 'BASIC' | 'CUSTOM') => {
    const price = kind === 'BASIC' ? BASIC_PRICE : 5 + random.below(20);
    const answer = await send(
      {
        method: 'POST',
        path: '/api/v1/missions',
        kind: `mission.request.${kind.toLowerCase()}`,
        json: {
          to: 'Minji',
          requestComment: 'Please say happy birthday',
          ...(kind === 'BASIC'
            ? { missionProductId: creator.basicProductId, expectedCoinPrice: BASIC_PRICE }
            : { missionProductId: creator.customProductId, coinPrice: price }),
        },
      },
      fan,
      `soak-request-${randomUUID()}`,
    );
    if (!ok(answer, `mission.request.${kind}`)) return;
    const { id, status } = answer.json<{ id: number; status: Expected }>();
    track({ id, fan, creator, kind, price, expected: status });
  };

  const missionAction = async (mission: TrackedMission, action: 'accept' | 'refuse' | 'perform', json: unknown) => {
    const answer = await send(
      { method: 'POST', path: `/api/v1/missions/${mission.id}/${action}`, kind: `mission.${action}`, json },
      mission.creator,
      `soak-${action}-${randomUUID()}`,
    );
    if (answer.status === 503) mission.uncertain = true;
    return ok(answer, `mission.${action}`);
  };

  const actions: Record<ActionName, () => Promise<void>> = {
    async browse() {
      const fan = random.pick(cast.fans);
      const paths = [
        `/api/v1/creators/page?type=popular&page=${random.below(3)}&size=12`,
        `/api/v1/creators/${random.pick(cast.creators).creatorId}`,
        '/api/v1/users/me/notifications/page?page=0&size=20',
        '/api/v1/users/me/coin-lots',
      ];
      const known = [...record.missions.keys()];
      if (known.length > 0) paths.push(`/api/v1/missions/${random.pick(known)}`);
      ok(await send({ method: 'GET', path: random.pick(paths), kind: 'browse' }, fan), 'browse');
    },
    async purchase() {
      await buy(random.pick(cast.fans));
    },
    async bankDeposit() {
      // A member asks for one deposit (his instructions mail is then his only one of its kind).
      const fan = cast.fans[bankDepositors++ % cast.fans.length]!;
      const answer = await send(
        {
          method: 'POST',
          path: '/api/v1/payment/bank-transfer',
          kind: 'deposit.request',
          json: {
            coinItemId: options.coinItem.id,
            userId: fan.id,
            depositorName: 'Soak',
            depositorPhone: '01012345678',
          },
        },
        fan,
        `soak-deposit-${randomUUID()}`,
      );
      if (!ok(answer, 'deposit.request')) return;
      const { id } = answer.json<{ id: number }>();
      record.bankTransfersRequested.push(id);
      transfersToConfirm.push(id);
    },
    async basic() {
      await request(random.pick(cast.fans), random.pick(cast.creators), 'BASIC');
    },
    async custom() {
      await request(random.pick(cast.fans), random.pick(cast.creators), 'CUSTOM');
    },
    async lucky() {
      const fan = random.pick(cast.fans);
      const creator = random.pick(cast.creators);
      const key = `${fan.id}:${creator.luckyProductId}`;
      let roulette = roulettes.get(key);
      if (roulette === undefined) {
        const opened = await send(
          {
            method: 'POST',
            path: '/api/v1/missions/lucky',
            kind: 'lucky.open',
            json: { missionProductId: creator.luckyProductId },
          },
          fan,
        );
        if (!ok(opened, 'lucky.open')) return;
        roulette = opened.json<{ id: number }>().id;
        roulettes.set(key, roulette);
      }
      const rolled = await send(
        { method: 'POST', path: `/api/v1/missions/${roulette}/rolls`, kind: 'lucky.roll' },
        fan,
        `soak-roll-${randomUUID()}`,
      );
      if (!ok(rolled, 'lucky.roll')) {
        roulettes.delete(key);
        return;
      }
      if (rolled.json<{ success: boolean }>().success) {
        roulettes.delete(key);
        track({ id: roulette, fan, creator, kind: 'LUCKY', price: LUCKY_PRICE, expected: 'ACCEPTED' });
      }
    },
    async creatorWork() {
      const busy = [...waiting.entries()].filter(([, list]) => list.length > 0);
      if (busy.length === 0) return;
      const [, list] = random.pick(busy);
      const mission = list.shift()!;
      if (mission.expected === 'REQUESTED') {
        if (random.below(3) === 0) {
          if (await missionAction(mission, 'refuse', { feedback: 'Not this time' })) mission.expected = 'REJECTED';
        } else if (await missionAction(mission, 'accept', { feedback: 'With pleasure' })) {
          mission.expected = 'ACCEPTED';
          queueFor(mission);
        }
        return;
      }
      // Some accepted missions stay open: their workflows and deadlines are checked after the run.
      if (random.below(4) === 0) return;
      const form = await multipartForm('data', PNG_1X1, 'answer.png');
      const uploaded = await send(
        {
          method: 'POST',
          path: '/api/v1/files/s3',
          kind: 'file.upload',
          headers: form.headers,
          body: form.payload,
        },
        mission.creator,
      );
      if (!ok(uploaded, 'file.upload')) return;
      const pictureId = uploaded.json<{ id: number }>().id;
      if (await missionAction(mission, 'perform', { responseComment: 'Happy birthday!', pictureId })) {
        mission.expected = 'COMPLETED';
        performed.push(mission);
      }
    },
    async comment() {
      if (performed.length === 0) return;
      const mission = random.pick(performed);
      const fan = random.pick(cast.fans);
      ok(
        await send(
          {
            method: 'POST',
            path: `/api/v1/missions/${mission.id}/comments`,
            kind: 'comment',
            json: { content: `Lovely ${random.below(1000)}` },
          },
          fan,
        ),
        'comment',
      );
    },
    async like() {
      if (performed.length === 0) return;
      const mission = random.pick(performed);
      const fan = random.pick(cast.fans);
      const key = `${fan.id}:${mission.id}`;
      const on = !liked.has(key);
      if (on) liked.add(key);
      else liked.delete(key);
      ok(
        await send({ method: on ? 'POST' : 'DELETE', path: `/api/v1/missions/${mission.id}/likes`, kind: 'like' }, fan),
        'like',
      );
    },
    async follow() {
      const fan = random.pick(cast.fans);
      const creator = random.pick(cast.creators);
      const key = `${fan.id}:${creator.creatorId}`;
      const on = !following.has(key);
      if (on) following.add(key);
      else following.delete(key);
      ok(
        await send(
          on
            ? {
                method: 'POST',
                path: `/api/v1/creators/${creator.creatorId}/follower`,
                kind: 'follow',
                json: { userId: fan.id },
              }
            : {
                method: 'DELETE',
                path: `/api/v1/creators/${creator.creatorId}/follower?userId=${fan.id}`,
                kind: 'follow',
              },
          fan,
        ),
        'follow',
      );
    },
    async withdraw() {
      // A fan buys and changes his mind: the charge, unused, withdrawn in full.
      const fan = random.pick(cast.fans);
      const paymentId = await buy(fan);
      if (!paymentId) return;
      const lots = await send({ method: 'GET', path: '/api/v1/users/me/coin-lots', kind: 'withdraw.lots' }, fan);
      if (!ok(lots, 'withdraw.lots')) return;
      const lot = lots
        .json<{ lots: Array<{ coinDepositId: number | null; withdrawableUntil: string | null }> }>()
        .lots.filter((candidate) => candidate.coinDepositId !== null && candidate.withdrawableUntil !== null)
        .sort((a, b) => b.coinDepositId! - a.coinDepositId!)[0];
      if (!lot) {
        bump(record.failedActions, 'withdraw no withdrawable lot');
        return;
      }
      const withdrawn = await send(
        { method: 'POST', path: `/api/v1/coin-deposits/${lot.coinDepositId}/withdrawal`, kind: 'withdraw' },
        fan,
        `soak-withdraw-${randomUUID()}`,
      );
      if (ok(withdrawn, 'withdraw')) record.withdrawals.push(withdrawn.json<{ id: number }>().id);
    },
    async finance() {
      const [maker, checker] = cast.finance;
      for (const id of transfersToConfirm.splice(0, 5)) {
        const decided = await send(
          { method: 'PUT', path: `/api/admin/bank-transfers/${id}`, kind: 'deposit.confirm', json: { status: 'paid' } },
          maker,
        );
        if (decided.status === 202 && (await approve(decided))) record.bankTransfersConfirmed.add(id);
        else if (ok(decided, 'deposit.confirm')) record.bankTransfersConfirmed.add(id);
      }
      async function approve(requested: SoakAnswer): Promise<boolean> {
        const approval = requested.json<{ id: number }>();
        const decided = await send(
          {
            method: 'POST',
            path: `/api/admin/approvals/${approval.id}/decision`,
            kind: 'approval.decide',
            json: { decision: 'approve' },
          },
          checker,
        );
        if (ok(decided, 'approval.decide')) record.approvals += 1;
        return decided.status === 200;
      }
    },
  };

  const drawLottery = async () => {
    const { creator, productId } = cast.event;
    // The worker's reconciler starts the event's workflow; until then the draw answers 503 (tried again).
    const picked = await send(
      { method: 'PUT', path: `/api/v1/mission-products/${productId}/missions/random-pick`, kind: 'lottery.pick' },
      creator,
    );
    if (!ok(picked, 'lottery.pick')) return;
    const drawn = await send(
      { method: 'PUT', path: `/api/v1/mission-products/${productId}/draw-event`, kind: 'lottery.draw' },
      creator,
    );
    if (!ok(drawn, 'lottery.draw')) return;
    record.lotteryDrawn = productId;
  };

  const runSettlement = async () => {
    // The month before this one in Korea (a month not yet ended there is refused).
    const korea = new Date(Date.now() + 9 * 60 * 60 * 1000);
    const year = korea.getUTCMonth() === 0 ? korea.getUTCFullYear() - 1 : korea.getUTCFullYear();
    const month = korea.getUTCMonth() === 0 ? 12 : korea.getUTCMonth();
    const [maker, checker] = cast.finance;
    let answer = await send(
      { method: 'POST', path: '/api/admin/settlement-runs', kind: 'settlement.run', json: { year, month } },
      maker,
    );
    if (answer.status === 202) {
      answer = await send(
        {
          method: 'POST',
          path: `/api/admin/approvals/${answer.json<{ id: number }>().id}/decision`,
          kind: 'approval.decide',
          json: { decision: 'approve' },
        },
        checker,
      );
    }
    if (ok(answer, 'settlement.run')) record.settlementRuns += 1;
  };

  const names = Object.keys(WEIGHTS) as ActionName[];
  const total = names.reduce((sum, name) => sum + WEIGHTS[name], 0);
  const draw = (): ActionName => {
    let point = random.next() * total;
    for (const name of names) {
      point -= WEIGHTS[name];
      if (point < 0) return name;
    }
    return names.at(-1)!;
  };

  const inFlight = new Set<Promise<void>>();
  const run = (name: string, action: () => Promise<void>) => {
    bump(record.actions, name);
    const running = action()
      .catch((error: unknown) => {
        bump(record.failedActions, `${name} threw ${String(error).slice(0, 120)}`);
      })
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
  };
  const maxInFlight = options.maxInFlight ?? 200;
  const span = options.endsAt - options.startedAt;
  let lotteryDue = true;
  let settlementDue = true;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // Arrivals keep to their own clock: a timer that fires late (a busy event loop) sends every arrival it missed.
  let nextArrival = performance.now();
  const arrive = () => {
    if (stopped) return;
    const now = performance.now();
    if (lotteryDue && now >= options.startedAt + span * 0.4) {
      lotteryDue = false;
      run('lottery', drawLottery);
    }
    if (settlementDue && now >= options.startedAt + span * 0.8) {
      settlementDue = false;
      run('settlement', runSettlement);
    }
    for (; nextArrival <= now; nextArrival += random.exponential(1000 / options.rate)) {
      if (inFlight.size >= maxInFlight) record.skipped += 1;
      else {
        const name = draw();
        run(name, actions[name]);
      }
    }
    timer = setTimeout(arrive, nextArrival - now);
  };
  arrive();

  return {
    record,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
