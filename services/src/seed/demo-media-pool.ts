import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config';
import { makeAudioRendition, makeVideoRenditions, mediaToolAvailable, mediaToolsOf, spawnMediaTool } from '../files';
import { cjkFont } from '../income';
import { drawDemoAvatar, drawDemoPicture, drawDemoPortrait, type DemoMotif } from './demo-images';

/**
 * The demo world's media, generated once per machine into FANMISSION_CACHE_DIR/demo-media/<recipe>/ and reused by
 * every seed: DiceBear avatars (PNG), drawn pictures (PNG), short videos with a poster frame (ffmpeg: a drawn
 * portrait, a tone and a floating caption in the CJK font) and spoken answers (espeak-ng). Videos and voices are
 * kept as the media queue's renditions (services/src/files/renditions.ts: H.264/AAC MP4, AAC .m4a), made by the same
 * code an upload goes through, so the demo serves what uploads are served as; the poster is taken from the rendition. An
 * item is written under a temporary name and renamed, so a cut run leaves no half file; its name is the hash of its
 * recipe. Without ffmpeg there are no videos, without espeak-ng no voices: the seed then answers with pictures; an
 * item a tool fails to make is left out (`failures`).
 */
export interface CachedFile {
  file: string;
  contentType: string;
  bytes: number;
}
export interface PoolVideo {
  video: CachedFile;
  poster: CachedFile;
  seconds: number;
}
export interface PoolVoice {
  audio: CachedFile;
  seconds: number;
  language: string;
}

/** Bump to regenerate every machine's cached media (a recipe's own change already renames its item). */
const RECIPE_VERSION = 4;
const VIDEO_SECONDS = 3;
const PALETTES: [string, string][] = [
  ['#6a5af9', '#f7a8d8'],
  ['#2fb4ff', '#c1f0ff'],
  ['#ff9f43', '#ffe1b5'],
  ['#1e272e', '#576574'],
  ['#10ac84', '#c8f7dc'],
  ['#ee5253', '#ffd3d3'],
];
const MOTIFS: DemoMotif[] = ['note', 'star', 'heart', 'clover', 'gift', 'bowl', 'gamepad', 'moon'];
// Drawn in Noto CJK, which has no emoji: plain text only.
const CAPTIONS = ['고마워요!', '생일 축하해요!', '화이팅!', '사랑해요!', 'Thank you!', 'ありがとう！'];
const SPOKEN: Record<string, string[]> = {
  ko: ['안녕하세요! 미션 요청 고마워요.', '생일 정말 축하드려요!', '시험 꼭 잘 보세요. 화이팅!', '늘 응원할게요.'],
  en: ['Hello! Thank you for the mission.', 'Happy birthday to you!', 'Good luck, you can do it!', 'See you soon!'],
  ja: ['こんにちは！ありがとうございます。', 'お誕生日おめでとう！', '頑張ってください！', 'また会いましょう！'],
};

export const paletteOf = (index: number): [string, string] => PALETTES[index % PALETTES.length]!;

export class DemoMediaPool {
  private readonly root: string;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly config: Pick<
      AppConfig,
      | 'FANMISSION_CACHE_DIR'
      | 'FFMPEG_PATH'
      | 'FFPROBE_PATH'
      | 'MEDIA_MAX_VIDEO_SECONDS'
      | 'MEDIA_MAX_AUDIO_SECONDS'
      | 'MEDIA_TRANSCODE_TIMEOUT_SECONDS'
      | 'MEDIA_TOOL_MEMORY_MB'
      | 'MEDIA_TOOL_MAX_ALLOC_MB'
      | 'ESPEAK_NG_PATH'
      | 'STATEMENT_FONT_PATH'
    >,
  ) {
    this.root = path.join(path.resolve(config.FANMISSION_CACHE_DIR), 'demo-media', `v${RECIPE_VERSION}`);
  }

  /** A DiceBear avatar of the seed (a style picked from it), 256 px PNG. */
  avatar(seed: string): Promise<CachedFile> {
    return this.cached({ avatar: seed }, 'png', 'image/png', async (out) => writeFile(out, await drawDemoAvatar(seed)));
  }

  /** The n-th drawn picture (16:9 PNG): a palette and a motif. */
  picture(index: number): Promise<CachedFile> {
    const colours = paletteOf(index);
    const motif = MOTIFS[index % MOTIFS.length]!;
    return this.cached({ picture: colours, motif }, 'png', 'image/png', async (out) => {
      await writeFile(out, await drawDemoPicture(colours, motif));
    });
  }

  /** Why items could not be made (a tool that failed): the seed goes on without them. */
  readonly failures: string[] = [];

  /** A 360×640 H.264/AAC rendition of a few seconds with the caption, and its first frame; null without ffmpeg. */
  async video(caption: string, colours: [string, string]): Promise<PoolVideo | null> {
    if (!(await mediaToolAvailable(this.config.FFMPEG_PATH))) return null;
    return await this.orNull(() => this.makeVideo(caption, colours));
  }

  private async makeVideo(caption: string, colours: [string, string]): Promise<PoolVideo> {
    const recipe = { video: caption, colours, seconds: VIDEO_SECONDS };
    const drawn = await this.cached(recipe, 'mp4', 'video/mp4', (out) => this.renderVideo(out, caption, colours));
    const video = await this.cached({ rendition: recipe }, 'mp4', 'video/mp4', (out) =>
      // In the foreground: `npm start` waits for the demo world (an upload's rendition runs in the background). In
      // the pool's own slots too: the process's media tool queue refuses runs past its limit, and the pool makes
      // every item at once.
      this.slot(() =>
        makeVideoRenditions(
          mediaToolsOf(this.config),
          this.file(drawn),
          { main: out, small: `${out}.720p.mp4` },
          { background: false },
        ),
      ),
    );
    const poster = await this.cached({ poster: recipe }, 'jpg', 'image/jpeg', (out) =>
      this.ffmpeg(['-i', this.file(video), '-frames:v', '1', '-q:v', '4', out]),
    );
    return { video, poster, seconds: VIDEO_SECONDS };
  }

  /** The n-th pooled answer video (a caption and a palette). */
  answerVideo(index: number): Promise<PoolVideo | null> {
    return this.video(CAPTIONS[index % CAPTIONS.length]!, paletteOf(index + 1));
  }

  /** The n-th spoken answer in the language (ko, en, ja): AAC .m4a, or WAV without ffmpeg; null without espeak-ng. */
  async voice(language: string, index: number): Promise<PoolVoice | null> {
    if (!(await mediaToolAvailable(this.config.ESPEAK_NG_PATH))) return null;
    return await this.orNull(() => this.makeVoice(language, index));
  }

  private async makeVoice(language: string, index: number): Promise<PoolVoice> {
    const lines = SPOKEN[language] ?? SPOKEN.ko!;
    const text = lines[index % lines.length]!;
    const wav = await this.cached({ voice: text, language }, 'wav', 'audio/wav', (out) =>
      this.slot(() => spawnMediaTool(this.config.ESPEAK_NG_PATH, ['-v', language, '-s', '150', '-w', out, text])),
    );
    const seconds = Math.max(1, (wav.bytes - 44) / 44_100);
    if (!(await mediaToolAvailable(this.config.FFMPEG_PATH))) return { audio: wav, seconds, language };
    const m4a = await this.cached({ m4a: text, language }, 'm4a', 'audio/mp4', (out) =>
      this.slot(() =>
        makeAudioRendition(mediaToolsOf(this.config), this.file(wav), out, { background: false, demuxer: 'wav' }),
      ),
    );
    return { audio: m4a, seconds, language };
  }

  private async orNull<T>(make: () => Promise<T>): Promise<T | null> {
    try {
      return await make();
    } catch (error) {
      this.failures.push(error instanceof Error ? error.message : String(error));
      return null;
    }
  }

  /** The cached item's absolute path. */
  file(item: CachedFile): string {
    return path.join(this.root, item.file);
  }

  /** The drawn portrait as a still background, the caption floating above it, and a tone. */
  private async renderVideo(out: string, caption: string, colours: [string, string]): Promise<void> {
    let font: string | undefined;
    try {
      font = cjkFont(this.config.STATEMENT_FONT_PATH).path;
    } catch {
      // No CJK font: the video goes without its caption.
    }
    const background = `${out}.png`;
    const textFile = `${out}.txt`;
    await writeFile(background, await drawDemoPortrait(colours));
    await writeFile(textFile, caption);
    // A CJK glyph is about as wide as the font is tall: a long name gets a smaller size to fit the 360 px.
    const size = Math.min(40, Math.floor(320 / [...caption].length));
    const text = font
      ? `,drawtext=fontfile=${font}:textfile=${textFile}:fontsize=${size}:fontcolor=white:borderw=3:bordercolor=black@0.5` +
        ':x=(w-text_w)/2:y=90+10*sin(2*PI*t)'
      : '';
    await this.ffmpeg([
      ...['-loop', '1', '-framerate', '15', '-t', String(VIDEO_SECONDS), '-i', background],
      ...['-f', 'lavfi', '-i', `sine=frequency=523:duration=${VIDEO_SECONDS}`],
      ...['-vf', `format=yuv420p${text}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '32'],
      ...['-c:a', 'aac', '-b:a', '32k', '-shortest', '-movflags', '+faststart', '-f', 'mp4', out],
    ]);
  }

  private ffmpeg(args: string[]): Promise<unknown> {
    return this.slot(() => spawnMediaTool(this.config.FFMPEG_PATH, ['-v', 'error', '-nostdin', '-y', ...args]));
  }

  /** Two tool processes at a time (the machine's other work goes on). */
  private async slot<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= 2) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  private async cached(
    recipe: unknown,
    extension: string,
    contentType: string,
    make: (out: string) => Promise<unknown>,
  ): Promise<CachedFile> {
    const file = `${hashOf(JSON.stringify(recipe)).slice(0, 24)}.${extension}`;
    const target = path.join(this.root, file);
    const found = await stat(target).catch(() => null);
    if (found) return { file, contentType, bytes: found.size };
    await mkdir(this.root, { recursive: true });
    const scratch = await mkdtemp(path.join(this.root, '.making-'));
    try {
      const out = path.join(scratch, file);
      await make(out);
      await rename(out, target);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
    return { file, contentType, bytes: (await stat(target)).size };
  }
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');
