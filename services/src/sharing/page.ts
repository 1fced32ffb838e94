import type { Language } from '@fanmission/contracts';
import { escapeHtml } from '../http';
import { translate } from '../i18n';

/*
 * The share page: plain HTML a crawler reads without running scripts (Open Graph and X card tags in the head) and a
 * person sees as a small preview with a link into the app. No scripts at all.
 */

export interface SharePreview {
  language: Language;
  creatorName: string;
  productName: string;
  /** Absolute addresses. */
  pageUrl: string;
  posterUrl: string;
  video: { url: string; width: number | null; height: number | null } | null;
  audioUrl: string | null;
  /** Where the app shows the mission (or the creator, for a private one): a path of this site. */
  appPath: string;
  /** An unlisted link's page is never indexed. */
  unlisted: boolean;
}

const STYLE =
  'body{margin:0;font-family:system-ui,-apple-system,"Apple SD Gothic Neo","Noto Sans KR",sans-serif;background:#fff4f7;color:#1d2330}' +
  'header{padding:12px 16px}header a{font-weight:900;font-size:20px;color:#a3123f;text-decoration:none}' +
  'main{max-width:640px;margin:0 auto;padding:8px 16px 32px}' +
  'h1{font-size:1.35rem;margin:8px 0}p{margin:0 0 16px;line-height:1.5}' +
  'img,video{display:block;width:100%;height:auto;border-radius:16px;background:#f1e6ea}audio{width:100%;margin-top:12px}' +
  '.open{display:inline-block;margin-top:20px;min-height:44px;line-height:44px;padding:0 20px;border-radius:22px;' +
  'background:#a3123f;color:#fff;font-weight:700;text-decoration:none}';

const meta = (attribute: 'property' | 'name', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;

function document(language: Language, head: string[], body: string): string {
  return (
    `<!doctype html>\n<html lang="${language}">\n<head>\n<meta charset="utf-8">\n` +
    '<meta name="viewport" content="width=device-width, initial-scale=1">\n' +
    `${head.join('\n')}\n<style>${STYLE}</style>\n</head>\n<body>\n` +
    `<header><a href="/">Fanmission</a></header>\n<main>\n${body}\n</main>\n</body>\n</html>\n`
  );
}

/** A shared mission's page with its preview tags. */
export function sharePage(preview: SharePreview): string {
  const { language } = preview;
  const names = { creator: preview.creatorName, product: preview.productName };
  const title = translate(language, 'sharing.pageTitle', names);
  const description = translate(language, 'sharing.pageDescription', names);
  const alt = translate(language, 'sharing.posterAlt', names);
  const video = preview.video;
  const head = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    ...(preview.unlisted ? [meta('name', 'robots', 'noindex, nofollow')] : []),
    `<link rel="canonical" href="${escapeHtml(preview.pageUrl)}">`,
    meta('property', 'og:site_name', translate(language, 'sharing.siteTitle')),
    meta('property', 'og:type', video ? 'video.other' : 'website'),
    meta('property', 'og:url', preview.pageUrl),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:image', preview.posterUrl),
    ...(preview.posterUrl.startsWith('https:') ? [meta('property', 'og:image:secure_url', preview.posterUrl)] : []),
    meta('property', 'og:image:type', 'image/jpeg'),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:image:alt', alt),
    ...(video
      ? [
          meta('property', 'og:video', video.url),
          ...(video.url.startsWith('https:') ? [meta('property', 'og:video:secure_url', video.url)] : []),
          meta('property', 'og:video:type', 'video/mp4'),
          ...(video.width && video.height
            ? [
                meta('property', 'og:video:width', String(video.width)),
                meta('property', 'og:video:height', String(video.height)),
              ]
            : []),
        ]
      : []),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', preview.posterUrl),
    meta('name', 'twitter:image:alt', alt),
  ];
  const media = video
    ? `<video controls playsinline preload="none" poster="${escapeHtml(preview.posterUrl)}" src="${escapeHtml(video.url)}" aria-label="${escapeHtml(alt)}"></video>`
    : `<img src="${escapeHtml(preview.posterUrl)}" width="1200" height="630" alt="${escapeHtml(alt)}">` +
      (preview.audioUrl ? `<audio controls preload="none" src="${escapeHtml(preview.audioUrl)}"></audio>` : '');
  const body =
    `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(description)}</p>\n${media}\n` +
    `<a class="open" href="${escapeHtml(preview.appPath)}">${escapeHtml(translate(language, 'sharing.openInApp'))}</a>`;
  return document(language, head, body);
}

/**
 * The page of a share address that shows nothing (no such mission, private without a link, revoked, adult, not
 * completed, sharing off): the site's own tags only, the same for every reason.
 */
export function genericSharePage(language: Language): string {
  const site = translate(language, 'sharing.siteTitle');
  const description = translate(language, 'sharing.siteDescription');
  const head = [
    `<title>${escapeHtml(site)}</title>`,
    meta('name', 'robots', 'noindex'),
    meta('name', 'description', description),
    meta('property', 'og:site_name', site),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', site),
    meta('property', 'og:description', description),
    meta('name', 'twitter:card', 'summary'),
    meta('name', 'twitter:title', site),
    meta('name', 'twitter:description', description),
  ];
  const body =
    `<h1>${escapeHtml(translate(language, 'sharing.pageNotFound'))}</h1>\n<p>${escapeHtml(description)}</p>\n` +
    `<a class="open" href="/">${escapeHtml(translate(language, 'sharing.goHome'))}</a>`;
  return document(language, head, body);
}
