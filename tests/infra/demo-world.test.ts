// `npm start` on an empty data directory with the default seed: the demo world (services/src/seed/demo-world.ts) as
// a visitor, the demo fan and the operator see it through the API.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROFILE_IMAGE, type CoinDepositPayment } from '@fanmission/contracts';
import { consoleLoginTo, loginTo, startNpmStart, stopAll, until, untilHealthy } from '../support/npm-start';

type Json = Record<string, unknown>;
interface FileView {
  s3Url: string;
  thumbnail?: { s3Url: string } | null;
}
interface MissionView {
  id: number;
  picture: FileView | null;
  video: FileView | null;
  voice: FileView | null;
  thumbnail: FileView | null;
}

describe('the demo world of npm start', () => {
  it('is a marketplace with photos, media, events, a fan with a coin history and a clean ledger', async () => {
    const started = await startNpmStart();
    const base = `http://127.0.0.1:${started.port}`;
    const get = async <T = Json>(path: string, token?: string): Promise<T> => {
      const response = await fetch(`${base}${path}`, { headers: token ? { authorization: token } : {} });
      expect(response.status, path).toBe(200);
      return (await response.json()) as T;
    };
    /** The content type a stored file is served with (its path on this server). */
    const served = async (url: string) => {
      const response = await fetch(`${base}${new URL(url, base).pathname}`);
      expect(response.status, url).toBe(200);
      await response.arrayBuffer();
      return response.headers.get('content-type');
    };
    const login = (username: string, password: string) => loginTo(started, username, password);
    try {
      await untilHealthy(started);
      expect(started.output()).toMatch(/demo world: \d+ rows/);

      // Creators in the search (verified ones only), each with a photo of his own that serves as an image (`imageUrl` once logged in).
      const search = await get<{
        content: { creator: { url: string; user: { image: FileView | null } } }[];
      }>('/api/v1/creators/page?size=60');
      const photographed = search.content.filter((item) => item.creator.user.image);
      expect(photographed.length).toBeGreaterThanOrEqual(25);
      for (const item of photographed) expect(await served(item.creator.user.image!.s3Url)).toBe('image/png');
      for (const email of ['creator@fanmission.local', 'harusong@demo.fanmission.local']) {
        const me = await get<{ imageUrl: string }>('/api/v1/users/me', await login(email, 'fanmission1'));
        expect(me.imageUrl).not.toBe(DEFAULT_PROFILE_IMAGE);
        expect(await served(me.imageUrl)).toMatch(/^image\//);
      }
      // The demo creator can upload at once: the world's files are dated before the upload quota's last day.
      const upload = new FormData();
      upload.append(
        'data',
        new Blob([await fetch(`${base}/icons/icon-192.png`).then((r) => r.arrayBuffer())], { type: 'image/png' }),
        'answer.png',
      );
      const uploaded = await fetch(`${base}/api/v1/files/s3`, {
        method: 'POST',
        headers: { authorization: await login('creator@fanmission.local', 'fanmission1') },
        body: upload,
      });
      expect(uploaded.status, await uploaded.clone().text()).toBe(200);

      // Performed missions, public, with an answer of each kind served with its type.
      const completed = await get<{ totalElements: number; content: MissionView[] }>(
        '/api/v1/missions/page?status=COMPLETED&size=60',
      );
      expect(completed.totalElements).toBeGreaterThanOrEqual(100);
      const picture = completed.content.find((mission) => mission.picture)!;
      const video = completed.content.find((mission) => mission.video)!;
      const voice = completed.content.find((mission) => mission.voice)!;
      expect(await served(picture.picture!.s3Url)).toBe('image/png');
      expect(await served(video.video!.s3Url)).toBe('video/mp4');
      expect(await served(video.thumbnail!.s3Url)).toBe('image/jpeg');
      expect(await served(voice.voice!.s3Url)).toBe('audio/mp4');

      // A lottery event drawn, its winners' prizes performed.
      const drawn = await findDrawnEvent(get);
      const winners = await get<MissionView[]>(`/api/v1/missions?productId=${drawn}&status=COMPLETED`);
      expect(winners.length).toBeGreaterThan(0);

      // The demo fan's coin history: charges by every payment method, his bank deposits with their cash receipts.
      const fan = await login('fan@fanmission.local', 'fanmission1');
      const history = await get<{ content: { coinDeposit: { payment: CoinDepositPayment | null } | null }[] }>(
        '/api/v1/users/me/coin-history/page?size=100',
        fan,
      );
      const payments = history.content.flatMap((entry) => entry.coinDeposit?.payment ?? []);
      expect([...new Set(payments.map((payment) => payment.payMethod))].sort()).toEqual(
        expect.arrayContaining(['card', 'kakaopay', 'paypal', 'phone', 'withoutbankbook']),
      );
      const bankDeposits = payments.filter((payment) => payment.payMethod === 'withoutbankbook');
      expect(bankDeposits.map((payment) => payment.cashReceiptApprovalNumber)).toEqual(
        bankDeposits.map(() => expect.stringMatching(/^world-cash-receipt-\d+$/)),
      );

      // The ledger replays to the stored balances.
      const headers = await consoleLoginTo(started, 'admin@fanmission.local', 'fanmission-admin1');
      const run = await fetch(`${base}/api/admin/ledger-verify-runs`, { method: 'POST', headers });
      expect(run.status).toBe(202);
      const { id } = (await run.json()) as { id: number };
      await until('the ledger verify', 60_000, async () => {
        const response = await fetch(`${base}/api/admin/ledger-verify-runs/${id}`, { headers });
        return ((await response.json()) as { status: string }).status === 'RUNNING' ? undefined : true;
      });
      const report = await fetch(`${base}/api/admin/ledger/verify`, { headers });
      expect(await report.json()).toMatchObject({ runId: id, ok: true, differenceCount: 0 });
    } finally {
      await stopAll(started.child, started.exited);
    }
  }, 420_000);
});

/** The product id of a DRAWN lottery event, found through the creators' product lists. */
async function findDrawnEvent(get: <T>(path: string) => Promise<T>): Promise<number> {
  const creators = await get<{ content: { creator: { id: number } }[] }>('/api/v1/creators/page?size=60');
  for (const { creator } of creators.content) {
    const products = await get<{ id: number; type: string; event: { status: string } | null }[]>(
      `/api/v1/mission-products?creatorId=${creator.id}`,
    );
    const drawn = products.find((product) => product.type === 'EVENT' && product.event?.status === 'DRAWN');
    if (drawn) return drawn.id;
  }
  throw new Error('no DRAWN lottery event');
}
