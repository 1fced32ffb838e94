// The mission detail's first view, painted by the server (services/src/plugins/first-view.ts) and kept by the web
// app's shell until the page has its answer (web/src/shared/first-view.tsx): one set of rules for both, so that nothing
// moves when one replaces the other. A plain string: the shell's entry may import it (no schema, no zod).

/**
 * The mission detail's geometry (MUI Container lg with py 4/6; a 40 px avatar 12 px before the title; the title
 * 24/30 px, from 600 px 32/40 px, 800, wrapping; the creator's line 24 px; 24 px below; the content panel in a
 * 3fr/2fr grid from 900 px with a 24 px gap, outlined, radius 36 px, padding 16/24 px; the picture 100 % wide
 * in a 16:9 frame, radius 12 px, the whole picture shown).
 */
export const MISSION_FIRST_VIEW_CSS =
  '.mission-first-view{box-sizing:border-box;display:block;width:100%;margin:0 auto;padding:32px 16px;' +
  "font-family:'Pretendard','Noto Sans KR','Noto Sans CJK KR','Noto Sans CJK JP',system-ui,sans-serif;color:#1d1d1f}" +
  '.mission-first-view *{box-sizing:border-box}' +
  '.mission-first-view__head{display:flex;align-items:flex-start;gap:12px;margin-bottom:24px}' +
  '.mission-first-view__avatar{display:block;flex-shrink:0;width:40px;height:40px;border-radius:50%;object-fit:cover}' +
  '.mission-first-view__titles{flex:1 1 auto;min-width:0}' +
  '.mission-first-view h1{margin:0 0 4px;font-size:24px;line-height:30px;font-weight:800;letter-spacing:0;overflow-wrap:anywhere}' +
  '.mission-first-view__line{display:flex;align-items:center;gap:8px;height:24px;font-size:16px;line-height:24px}' +
  '.mission-first-view__line a{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;color:#5f5f64;text-decoration:none}' +
  '.mission-first-view__grid{display:grid;gap:24px;grid-template-columns:minmax(0,1fr);align-items:start}' +
  '.mission-first-view__panel{background:#fff;border:1px solid rgba(0,0,0,.12);border-radius:36px;padding:16px}' +
  '.mission-first-view__panel img{display:block;width:100%;aspect-ratio:16/9;border-radius:12px;background:#f1e6ea;object-fit:contain}' +
  '@media (min-width:600px){.mission-first-view{padding-left:24px;padding-right:24px}.mission-first-view h1{font-size:32px;line-height:40px}}' +
  '@media (min-width:900px){.mission-first-view{padding-top:48px;padding-bottom:48px}' +
  '.mission-first-view__grid{grid-template-columns:minmax(0,3fr) minmax(0,2fr)}.mission-first-view__panel{padding:24px}}' +
  '@media (min-width:1200px){.mission-first-view{max-width:1200px}}';
