// What the media queue's renditions cost, against baselines measured in the same run:
//   node --import tsx tests/bench/media.ts
// 1. CPU seconds per minute of 1080p video: a phone-like clip (BENCH_MEDIA_SECONDS, default 10 s, 1920×1080 at
//    30 frames/s, HEVC with AAC, written once by ffmpeg into the scratch folder) turned into its renditions by the
//    product's own makeVideoRenditions (the 1080p MP4 and the 720p one, at nice 19), beside decoding the same clip
//    alone (`ffmpeg -i clip -f null -`): the CPU of the ffmpeg children this process waited for (/proc/self/stat
//    cutime + cstime), per minute of video, and the transcode as a multiple of the decode.
// 2. The API's p99 on a read route (`GET /api/v1/creators/page`, an empty world) under autocannon (BENCH_CONNECTIONS,
//    default 10; BENCH_SECONDS, default 5) with and without transcodes of that clip running back to back in the same
//    process, as the media queue runs them; BENCH_ROUNDS (default 3) pairs, the median of the pairs' ratios.
// Nothing here is asserted; the figures move with the machine's load (a shared machine: compare the ratios).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@fanmission/services/app';
import { loadConfig } from '@fanmission/services/config';
import { type Db, startEmbeddedPostgres } from '@fanmission/services/db';
import { makeVideoRenditions, mediaToolsOf } from '@fanmission/services/files';
import { createDevMailbox } from '@fanmission/services/mail';
import { EVENT_CONSUMERS, freePort } from '@fanmission/services/runtime';
import { benchConfig, measureHttp, median, migratedDatabase, type HttpResult } from './support';

const CLIP_SECONDS = Number(process.env.BENCH_MEDIA_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const tools = mediaToolsOf(loadConfig({}));
const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'fanmission-media-bench-'));
await fs.chmod(scratch, 0o755);

/** CPU seconds of the children this process has waited for (ffmpeg runs), from /proc/self/stat. */
function childrenCpuSeconds(): number {
  const ticks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // After the command: state is field 3; cutime and cstime are fields 16 and 17.
  return (Number(fields[16 - 3]) + Number(fields[17 - 3])) / ticks;
}

async function childCpu(work: () => Promise<unknown>): Promise<number> {
  const before = childrenCpuSeconds();
  await work();
  return childrenCpuSeconds() - before;
}

const clip = path.join(scratch, 'phone.mov');
execFileSync(tools.ffmpeg, [
  ...['-v', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30:duration=${CLIP_SECONDS}`],
  ...['-f', 'lavfi', '-i', `sine=duration=${CLIP_SECONDS}`, '-c:v', 'libx265', '-preset', 'ultrafast'],
  ...['-x265-params', 'log-level=error', '-tag:v', 'hvc1', '-c:a', 'aac', clip],
]);
const transcode = () =>
  makeVideoRenditions(tools, clip, { main: path.join(scratch, 'main.mp4'), small: path.join(scratch, 'small.mp4') });
const decode = () => execFileSync(tools.ffmpeg, ['-v', 'error', '-nostdin', '-i', clip, '-f', 'null', '-']);

const perMinute = (cpu: number) => (cpu * 60) / CLIP_SECONDS;
const decodeCpu = await childCpu(async () => decode());
const transcodeCpu = await childCpu(transcode);
console.log(
  `1080p HEVC clip of ${CLIP_SECONDS} s: transcode (1080p + 720p) ${perMinute(transcodeCpu).toFixed(1)} CPU s per ` +
    `minute of video; decode alone ${perMinute(decodeCpu).toFixed(1)} CPU s; transcode ÷ decode ` +
    `${(transcodeCpu / decodeCpu).toFixed(2)}×`,
);

const postgres = await startEmbeddedPostgres({ dataDir: path.join(scratch, 'pg'), port: await freePort() });
let db: Db | undefined;
try {
  db = (await migratedDatabase(postgres, 'media_bench', async () => undefined)).db;
  const config = await benchConfig(scratch);
  const app = await buildApp({
    config,
    db,
    logger: false,
    mailer: createDevMailbox({ from: config.MAIL_FROM }),
    eventConsumers: EVENT_CONSUMERS,
  });
  await app.listen({ host: '127.0.0.1', port: config.PORT });
  const read = () =>
    measureHttp({
      url: `http://127.0.0.1:${config.PORT}`,
      connections: CONNECTIONS,
      seconds: SECONDS,
      requests: [{ method: 'GET', path: '/api/v1/creators/page?type=newest' }],
    });
  /** The read route measured while transcodes run one after another, as the media queue's lane runs them. */
  async function readWhileTranscoding(): Promise<HttpResult> {
    let measuring = true;
    const lane = (async () => {
      while (measuring) await transcode();
    })();
    try {
      return await read();
    } finally {
      measuring = false;
      await lane;
    }
  }
  await read();
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const quiet = await read();
    const busy = await readWhileTranscoding();
    ratios.push(busy.p99 / quiet.p99);
    console.log(
      `round ${round}: GET /creators/page p99 ${quiet.p99} ms (${Math.round(quiet.rps)} req/s) without a transcode, ` +
        `${busy.p99} ms (${Math.round(busy.rps)} req/s) with one at nice 19; errors ${quiet.errors}/${busy.errors}`,
    );
  }
  console.log(`p99 with a transcode ÷ without: median ${median(ratios).toFixed(2)}× over ${ROUNDS} rounds`);
  await app.close();
} finally {
  await db?.destroy();
  await postgres.stop();
  await fs.rm(scratch, { recursive: true, force: true });
}
