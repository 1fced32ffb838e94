/**
 * Media, live stream and message abuse recipes once reproduced over HTTP, replayed against a running product (`npm start`
 * on a fresh demo world) with members it signs up itself:
 *
 *   node --import tsx tests/blackbox/review-5-media-recipes.ts [base URL, default http://localhost:8080]
 *
 * The base URL is the product's PUBLIC_URL (a sign-up's return address must be on it).
 * Each recipe prints one line per check: what the product answered, and `ok` when that is what the rule says (`FAIL`
 * otherwise). An "mp3" whose tag hides a playlist naming another member's media file yields nothing of that file, and a
 * live playlist is refused before it holds the media queue; a live notification stream ends within a second of its
 * session's logout and password reset, and a member's streams past the cap are refused; an address nobody confirmed
 * gets no reply mail, replies past the comment limit are refused and the rest reach their recipient as few mails and
 * one grouped row in the app; a tus request answers for the upload of its path only, never the one its query names; a
 * JPEG's comment segment and the second picture after its end are not served; 알림톡 waits for a confirmed number; a
 * video past the documented size, frame rate or length is refused before it is decoded, its uploader told the limits.
 * It needs `ffmpeg` on the PATH (to make the videos) and changes the demo world (members, comments, uploads), so run it
 * on a fresh one. Exits 1 when any answer differs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { Checks, mailedCode, said, Session, signUpMember, type Answer } from './console-http';

const base = process.argv[2] ?? 'http://localhost:8080';
const PASSWORD = 'fanmission1';
const run = Date.now();
const checks = new Checks();
const check = checks.check.bind(checks);

/** The bearer token of a member's session (the stream and tus requests are made by hand). */
const tokenOf = async (email: string): Promise<string> => {
  const answer = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: PASSWORD }),
  });
  return answer.headers.get('authorization') ?? '';
};

/** Waits for a state, polling, at most `seconds`: the value once `done` holds, or the last one seen. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, seconds: number): Promise<T> {
  const deadline = Date.now() + seconds * 1000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    value = await read();
  }
  return value;
}

/** Uploads bytes through `POST /files/s3` (multipart `data`). */
async function uploadFile(member: Session, token: string, bytes: Buffer, name: string, type: string): Promise<Answer> {
  const form = new FormData();
  form.append('data', new Blob([new Uint8Array(bytes)], { type }), name);
  const response = await fetch(`${base}/api/v1/files/s3`, {
    method: 'POST',
    headers: { authorization: token, 'x-requested-with': 'fanmission', 'accept-language': 'ko' },
    body: form,
  });
  void member;
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') ? JSON.parse(text) : text };
}

/** Where an uploaded file stands once the media queue is done with it (or after `seconds`). */
const settled = (member: Session, id: number, seconds: number) =>
  until(
    () => member.call('GET', `/api/v1/files/s3/${id}`),
    (answer) => answer.body?.processing !== 'PENDING',
    seconds,
  );

/** An ID3v2 tag declaring 200,000 bytes (longer than any sniffed buffer), zeros, then `playlist`. */
function hiddenPlaylist(playlist: string): Buffer {
  const size = 200_000;
  const syncsafe = Buffer.from([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  return Buffer.concat([
    Buffer.from('ID3\x03\x00\x00', 'latin1'),
    syncsafe,
    Buffer.alloc(size),
    Buffer.from(playlist),
    Buffer.from('\n'.repeat(100)),
  ]);
}

async function hiddenPlaylists(member: Session, token: string): Promise<void> {
  // A media file of the demo world another member answered with: the public list names its key.
  const list = JSON.stringify((await member.call('GET', '/api/v1/missions/page?size=50')).body);
  const key = /\/(demo\/[^"?/]+\/[^"?/]+\.(?:m4a|mp4))/.exec(list)?.[1] ?? 'demo/unknown/mission-1.m4a';
  const vod = hiddenPlaylist(
    `#EXTM3U\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n../../${key}\n#EXT-X-ENDLIST\n`,
  );
  const leak = await uploadFile(member, token, vod, 'leak-vod.mp3', 'audio/mpeg');
  const leakState = leak.status === 200 ? await settled(member, leak.body.id, 120) : leak;
  check(
    `M3 an "mp3" hiding a playlist of ${key}: upload ${said(leak)}, then ${leakState.body?.processing ?? said(leakState)}` +
      `${leakState.body?.durationSeconds ? ` (${leakState.body.durationSeconds} s)` : ''}`,
    leak.status >= 400 || (leakState.body?.processing === 'FAILED' && !leakState.body?.durationSeconds),
    leakState,
  );
  const live = hiddenPlaylist(`#EXTM3U\n#EXT-X-TARGETDURATION:30\n#EXTINF:30,\n../../${key}\n`);
  const started = Date.now();
  const hold = await uploadFile(member, token, live, 'leak-live.mp3', 'audio/mpeg');
  const holdState = hold.status === 200 ? await settled(member, hold.body.id, 180) : hold;
  const seconds = Math.round((Date.now() - started) / 1000);
  check(
    `M3 a live playlist: upload ${said(hold)}, ${holdState.body?.processing ?? said(holdState)} after ${seconds} s`,
    hold.status >= 400 || holdState.body?.processing === 'FAILED',
    holdState,
  );
}

/** Opens a live notification stream; `ended` resolves with when it ended (its `end` event or its close). */
async function openStream(token: string): Promise<{ status: number; body: string; ended: Promise<number> }> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/v1/users/me/notifications/stream`, {
    headers: { authorization: token, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200) {
    return { status: response.status, body: await response.text(), ended: Promise.resolve(Date.now()) };
  }
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const ended = (async () => {
    let text = '';
    // Ten seconds at most: a stream still open then has outlived its session.
    const giveUp = setTimeout(() => controller.abort(), 10_000);
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
        if (text.includes('event: end')) break;
      }
    } catch {
      clearTimeout(giveUp);
      return Number.POSITIVE_INFINITY;
    }
    clearTimeout(giveUp);
    controller.abort();
    return Date.now();
  })();
  return { status: 200, body: '', ended };
}

async function streams(): Promise<void> {
  const member = await signUpMember(base, `review5-m4-${run}@example.test`, PASSWORD);
  const loggedOut = await tokenOf(member.email);
  const first = await openStream(loggedOut);
  const logout = await fetch(`${base}/api/logout`, {
    method: 'POST',
    headers: { authorization: loggedOut, 'x-requested-with': 'fanmission' },
  });
  const loggedOutAt = Date.now();
  const afterLogout = (await first.ended) - loggedOutAt;
  check(
    `M4 logout ${logout.status}: the stream ended ${Number.isFinite(afterLogout) ? `${afterLogout} ms` : 'never (10 s)'} after`,
    Number.isFinite(afterLogout) && afterLogout <= 1000,
    afterLogout,
  );
  const beforeReset = await tokenOf(member.email);
  const second = await openStream(beforeReset);
  await fetch(`${base}/api/v1/users/user/forgot-password-reset`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email }),
  });
  const code = await mailedCode(base, member.email, 'code');
  const reset = await fetch(`${base}/api/v1/users/user/forgot-password-reset`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD, code }),
  });
  const resetAt = Date.now();
  const afterReset = (await second.ended) - resetAt;
  check(
    `M4 password reset ${reset.status}: the stream ended ${Number.isFinite(afterReset) ? `${afterReset} ms` : 'never (10 s)'} after`,
    reset.status === 200 && Number.isFinite(afterReset) && afterReset <= 1000,
    afterReset,
  );
  // Streams of one member until one is refused (at most 31 tried).
  const token = await tokenOf(member.email);
  const open: Awaited<ReturnType<typeof openStream>>[] = [];
  let refused: { status: number; body: string } | undefined;
  for (let n = 1; n <= 31 && !refused; n += 1) {
    const stream = await openStream(token);
    if (stream.status === 200) open.push(stream);
    else refused = stream;
  }
  check(
    `M4 ${open.length} streams of one member open, the next ${refused ? `${refused.status} ${JSON.parse(refused.body).code}` : 'opened too'}`,
    open.length < 31 && refused?.status === 429 && refused.body.includes('TOO_MANY_STREAMS'),
    refused,
  );
  await fetch(`${base}/api/logout`, {
    method: 'POST',
    headers: { authorization: token, 'x-requested-with': 'fanmission' },
  });
  await Promise.all(open.map((stream) => stream.ended));
}

const mailbox = async (): Promise<{ to: string; subject: string; text: string }[]> =>
  (await (await fetch(`${base}/dev/mail/api`)).json()) as { to: string; subject: string; text: string }[];

async function replyMails(): Promise<void> {
  const missions = (await fetch(`${base}/api/v1/missions/page?size=10`).then((answer) => answer.json())) as {
    content: { id: number }[];
  };
  const missionId = missions.content[0]!.id;
  const replier = await signUpMember(base, `review5-m5-b-${run}@example.test`, PASSWORD);
  // An account whose address nobody confirmed comments; another member replies to it three times.
  const unverifiedEmail = `review5-m5-unverified-${run}@example.test`;
  const signedUp = await fetch(`${base}/api/v1/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fanmission' },
    body: JSON.stringify({
      username: `m5u${run}`.slice(0, 30),
      email: unverifiedEmail,
      password: PASSWORD,
      verifySuccessUrl: `${base}/`,
      birthDate: '1990-01-01',
    }),
  });
  const unverified = await Session.member(base, unverifiedEmail, PASSWORD);
  const comment = await unverified.call('POST', `/api/v1/missions/${missionId}/comments`, { content: 'unverified' });
  if (comment.status === 200) {
    for (let n = 1; n <= 3; n += 1) {
      await replier.call('POST', `/api/v1/missions/${missionId}/comments`, {
        content: `reply ${n}`,
        parentCommentId: comment.body.id,
      });
    }
  }
  // The mail consumer runs beside the requests: a mail it would send is there within seconds.
  const toUnverified = await until(
    async () => (await mailbox()).filter((mail) => mail.to.includes(unverifiedEmail) && !/#token=/.test(mail.text)),
    (mails) => mails.length > 0,
    10,
  );
  check(
    `M5 sign-up ${signedUp.status}, unverified comment ${said(comment)}, 3 replies: ${toUnverified.length} mail(s) to the unconfirmed address`,
    toUnverified.length === 0,
    toUnverified.map((mail) => mail.subject),
  );
  // Eight replies in a row to a confirmed member's comment.
  const author = await signUpMember(base, `review5-m5-a-${run}@example.test`, PASSWORD);
  const own = await author.call('POST', `/api/v1/missions/${missionId}/comments`, { content: 'mine' });
  const replies: number[] = [];
  for (let n = 1; n <= 8; n += 1) {
    const reply = await replier.call('POST', `/api/v1/missions/${missionId}/comments`, {
      content: `https://phish.example/${n}`,
      parentCommentId: own.body?.id,
    });
    replies.push(reply.status);
  }
  const accepted = replies.filter((status) => status === 200).length;
  const rows = await until(
    async (): Promise<{ count?: number; content: string }[]> =>
      (await author.call('GET', '/api/v1/users/me/notifications/page')).body?.content ?? [],
    (content) => content.some((row) => (row.count ?? 1) === accepted),
    15,
  );
  const mails = (await mailbox()).filter((mail) => mail.to.includes(author.email) && !/#token=/.test(mail.text));
  check(
    `M5 8 replies in a row: ${replies.join(' ')}; ${mails.length} mail(s) to the author, ${rows.length} row(s) in the app` +
      ` (${rows.map((row) => row.content).join(' | ')})`,
    replies.includes(429) &&
      accepted <= 5 &&
      mails.length <= 3 &&
      mails.every((mail) => !mail.subject.includes('phish')) &&
      rows.length === 1 &&
      rows[0]?.count === accepted,
    { replies, mails: mails.map((mail) => mail.subject), rows },
  );
}

/** A tus request with a member's token. */
const tus = (token: string, method: string, path: string, headers: Record<string, string> = {}, body?: Buffer) =>
  fetch(`${base}/api/v1/files/tus${path}`, {
    method,
    headers: { authorization: token, 'tus-resumable': '1.0.0', 'x-requested-with': 'fanmission', ...headers },
    ...(body && { body: new Uint8Array(body) }),
  });

const metadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** Creates a tus upload of `length` bytes; answers its id (the last segment of its Location). */
async function createUpload(token: string, length: number, filename: string, filetype: string): Promise<string> {
  const created = await tus(token, 'POST', '', {
    'upload-length': String(length),
    'upload-metadata': metadata({ filename, filetype, purpose: 'request-attachment' }),
  });
  const location = created.headers.get('location') ?? '';
  if (created.status !== 201) throw new Error(`tus upload not created: ${created.status} ${await created.text()}`);
  return location.split('/').pop()!;
}

async function tusQuery(): Promise<void> {
  const a = await signUpMember(base, `review5-l1-a-${run}@example.test`, PASSWORD);
  const b = await signUpMember(base, `review5-l1-b-${run}@example.test`, PASSWORD);
  const [tokenA, tokenB] = [await tokenOf(a.email), await tokenOf(b.email)];
  // Two sizes, so that an answer's length tells whose upload it is about.
  const red = await sharp({ create: { width: 60, height: 60, channels: 3, background: '#ff0000' } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const blue = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#0000ff' } })
    .png()
    .toBuffer();
  const theirs = await createUpload(tokenA, red.length, 'red.png', 'image/png');
  const mine = await createUpload(tokenB, blue.length, 'blue.png', 'image/png');
  const direct = await tus(tokenB, 'HEAD', `/${theirs}`);
  // The id is the path's: the query's is never acted on (answered 404, or about the caller's own upload).
  const tricked = await tus(tokenB, 'HEAD', `/${mine}?x=/${theirs}`);
  const trickedLength = tricked.headers.get('upload-length');
  check(
    `L1 B reads A's upload (${red.length} bytes): by its id ${direct.status}, by the query trick ${tricked.status}` +
      ` (length ${trickedLength}: ${trickedLength === String(blue.length) ? "B's own" : trickedLength === String(red.length) ? "A's" : 'none'})`,
    direct.status === 404 && (tricked.status === 404 || trickedLength === String(blue.length)),
    { direct: direct.status, tricked: tricked.status, trickedLength },
  );
  const patched = await tus(
    tokenB,
    'PATCH',
    `/${mine}?x=/${theirs}`,
    { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    blue,
  );
  const fileId = patched.headers.get('upload-file-id');
  // Whose file the PATCH completed: its owner reads it (200), anybody else may not.
  const [byB, byA] = fileId
    ? [
        (await b.call('GET', `/api/v1/files/s3/${fileId}`)).status,
        (await a.call('GET', `/api/v1/files/s3/${fileId}`)).status,
      ]
    : [0, 0];
  const theirsNow = await tus(tokenA, 'HEAD', `/${theirs}`);
  check(
    `L1 B completes with the query trick: ${patched.status}${fileId ? ` (file ${fileId}: B ${byB}, A ${byA})` : ''};` +
      ` A's upload still at offset ${theirsNow.headers.get('upload-offset')}`,
    (patched.status === 404 || (byB === 200 && byA !== 200)) && theirsNow.headers.get('upload-offset') === '0',
    { patched: patched.status, fileId, byB, byA, offset: theirsNow.headers.get('upload-offset') },
  );
}

/** A JPEG segment: marker, then its 2-byte length (itself included) and payload. */
const segment = (marker: number, payload: Buffer) =>
  Buffer.concat([
    Buffer.from([0xff, marker, ((payload.length + 2) >> 8) & 0xff, (payload.length + 2) & 0xff]),
    payload,
  ]);

async function jpegLeftovers(): Promise<void> {
  const member = await signUpMember(base, `review5-l2-${run}@example.test`, PASSWORD);
  const token = await tokenOf(member.email);
  const plain = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3080c0' } })
    .jpeg()
    .toBuffer();
  const secret = 'GPS 37.5665,126.9780 SecretPlace';
  const second = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#00ff00' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TrailerCam', ImageDescription: 'SecondPictureMarker' } })
    .toBuffer();
  // After SOI: a COM segment and an APP3 segment with the secret; after EOI, a second JPEG carrying EXIF.
  const crafted = Buffer.concat([
    plain.subarray(0, 2),
    segment(0xfe, Buffer.from(secret)),
    segment(0xe3, Buffer.from(secret)),
    plain.subarray(2),
    second,
  ]);
  const id = await createUpload(token, crafted.length, 'trailer.jpg', 'image/jpeg');
  const done = await tus(
    token,
    'PATCH',
    `/${id}`,
    { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    crafted,
  );
  const file = (await done.json().catch(() => ({}))) as { s3Url?: string };
  const served = file.s3Url
    ? Buffer.from(await (await fetch(new URL(file.s3Url, base))).arrayBuffer())
    : Buffer.alloc(0);
  const text = served.toString('latin1');
  const eoi = served.lastIndexOf(Buffer.from([0xff, 0xd9]));
  check(
    `L2 a JPEG with COM, APP3 and a second picture after its end: upload ${done.status}, served ${served.length} bytes` +
      ` (sent ${crafted.length}), secret ${text.includes('SecretPlace') ? 'kept' : 'gone'}, second picture ${
        text.includes('SecondPictureMarker') || text.includes('TrailerCam') ? 'kept' : 'gone'
      }, ${served.length - eoi - 2} byte(s) after the end`,
    done.status === 200 &&
      served.length > 0 &&
      !text.includes('SecretPlace') &&
      !text.includes('TrailerCam') &&
      served.indexOf(Buffer.from([0xff, 0xfe])) === -1 &&
      eoi === served.length - 2,
    { status: done.status, length: served.length },
  );
}

async function unconfirmedPhone(): Promise<void> {
  const email = `review5-l3-${run}@example.test`;
  await fetch(`${base}/api/v1/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fanmission' },
    body: JSON.stringify({
      username: `l3u${run}`.slice(0, 30),
      email,
      password: PASSWORD,
      verifySuccessUrl: `${base}/`,
      birthDate: '1990-01-01',
    }),
  });
  const member = await Session.member(base, email, PASSWORD);
  const saved = await member.call('PUT', `/api/v1/users/${member.id}`, {
    username: `l3u${run}`.slice(0, 30),
    phone: '01098765432',
  });
  const preferences = await member.call('GET', '/api/v1/users/me/notification-preferences');
  const me = await member.call('GET', '/api/v1/users/me');
  check(
    `L3 a typed number: save ${said(saved)}, phoneConfirmed ${me.body?.phoneConfirmed}, 알림톡 ${JSON.stringify(preferences.body?.alimtalk)}`,
    me.body?.phoneConfirmed === false && preferences.body?.alimtalk?.phoneOnFile === false,
    { saved, alimtalk: preferences.body?.alimtalk },
  );
}

async function oversizedVideos(): Promise<void> {
  const member = await signUpMember(base, `review5-l4-${run}@example.test`, PASSWORD);
  const token = await tokenOf(member.email);
  const scratch = mkdtempSync(join(tmpdir(), 'review5-l4-'));
  const video = (name: string, source: string, extra: string[] = []) => {
    const path = join(scratch, name);
    execFileSync(
      'ffmpeg',
      ['-v', 'error', '-f', 'lavfi', '-i', source, ...extra, '-c:v', 'libx264', '-preset', 'ultrafast', '-y', path],
      { stdio: 'ignore' },
    );
    return readFileSync(path);
  };
  try {
    const cases = [
      ['wide.mp4', 'color=c=black:s=8208x16:r=1:d=1', 'more than 8192 px wide'],
      ['fast.mp4', 'color=c=black:s=16x16:r=480:d=1', '480 frames a second'],
      ['long.mp4', 'color=c=black:s=16x16:r=1:d=1260', '21 minutes long'],
    ] as const;
    for (const [name, source, what] of cases) {
      const bytes = video(name, source);
      const uploaded = await uploadFile(member, token, bytes, name, 'video/mp4');
      const state = uploaded.status === 200 ? await settled(member, uploaded.body.id, 120) : uploaded;
      check(
        `L4 a video ${what}: upload ${said(uploaded)}, then ${state.body?.processing ?? said(state)}: ${state.body?.processingFailure ?? state.body?.message ?? ''}`,
        uploaded.status >= 400 ||
          (state.body?.processing === 'FAILED' && String(state.body?.processingFailure).includes('허용된 범위')),
        state,
      );
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const uploader = await signUpMember(base, `review5-m3-${run}@example.test`, PASSWORD);
await hiddenPlaylists(uploader, await tokenOf(uploader.email));
await streams();
await replyMails();
await tusQuery();
await jpegLeftovers();
await unconfirmedPhone();
await oversizedVideos();
checks.finish();
