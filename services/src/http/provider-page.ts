/*
 * The pages the sandbox providers serve in place of a provider's window (the payments' checkout, the identity
 * check): small self-contained HTML, no scripts and no outside assets, plain forms posting back to the API.
 */

/** The headers of such a page: never cached, and nothing but its inline style may load. */
export const PROVIDER_PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
} as const;

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The URL with these query parameters set (a provider's redirect back to the merchant). */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.toString();
}

/**
 * A provider page: a card with the title, a notice that it is the sandbox, the page's own `body` (HTML, escaped by
 * the caller) and `footnote` (the transaction's id) below; `css` adds the page's own rules to the card's.
 */
export function providerPage(page: {
  language: string;
  title: string;
  notice: string;
  css: string;
  body: string;
  footnote: string;
}): string {
  return `<!doctype html>
<html lang="${escapeHtml(page.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f5f7; margin: 0; padding: 2rem 1rem; color: #1d2330; }
  main { max-width: 26rem; margin: 0 auto; background: #fff; border-radius: 12px; padding: 1.5rem;
    box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
  .notice { color: #4b5563; font-size: .85rem; margin: 0 0 1.25rem; }
  button { width: 100%; padding: .8rem; border: 0; border-radius: 8px; font-size: 1rem; cursor: pointer; }
${page.css}
</style>
</head>
<body>
<main>
  <h1>${escapeHtml(page.title)}</h1>
  <p class="notice">${escapeHtml(page.notice)}</p>
  ${page.body}
  <p class="notice">${escapeHtml(page.footnote)}</p>
</main>
</body>
</html>
`;
}
