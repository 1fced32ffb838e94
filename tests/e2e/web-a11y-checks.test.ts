// The layout checks of the phones pass (tests/support/web-a11y.ts `measureLayout`) on small pages made to fail them,
// in the real Chromium at 360 px: each check reports what it is there for, and a sound page passes them all.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useBrowser } from '../harness/browser';
import { measureLayout, PHONE, smallTargets } from '../support/web-a11y';

const DIALOG_STYLE =
  'position:fixed;left:16px;right:16px;top:40px;background:#fff;border:1px solid #ccc;padding:16px;font:16px sans-serif';

describe('the 360 px layout checks', () => {
  const browser = useBrowser();

  async function layoutOf(body: string): Promise<ReturnType<typeof measureLayout>> {
    const page: Page = await browser.newPage({ viewport: PHONE });
    await page.setContent(`<!doctype html><html lang="en"><body style="margin:0">${body}</body></html>`);
    return page.evaluate(measureLayout);
  }

  test('a sound page: a dialog on the screen, a table whose cells fit, a caption under a figure', async () => {
    expect(
      await layoutOf(`
        <table style="width:328px"><tr>
          <td>70<div style="font-size:12px;white-space:nowrap">手数料（3%）: 2</div></td>
          <td>Birthday song for my friend</td>
        </tr></table>
        <div role="dialog" style="${DIALOG_STYLE};height:200px"><button>Cancel</button> <button>Send</button></div>`),
    ).toEqual({ overflow: [], header: [], dialogs: [] });
  });

  test('a dialog taller than the screen, its button below the screen with nothing to scroll', async () => {
    const { dialogs } = await layoutOf(`
      <div role="dialog" style="${DIALOG_STYLE}"><div style="height:900px">Long terms</div><button>Agree</button></div>`);
    expect(dialogs).toEqual([
      expect.stringMatching(/^div "Long termsAgree" is 328×\d+ at 16,40$/),
      expect.stringMatching(/^button "Agree" is off the screen at \d+px$/),
    ]);
  });

  test('buttons in the dialog’s own scrolling content are reachable; one sticking out sideways is not', async () => {
    const { dialogs } = await layoutOf(`
      <div role="dialog" style="${DIALOG_STYLE};height:300px;display:flex;flex-direction:column">
        <div style="overflow-y:auto;flex:1"><div style="height:900px">Long terms</div><button>Agree</button></div>
        <div><button style="margin-left:300px;white-space:nowrap">Request 95,100 won</button></div>
      </div>`);
    expect(dialogs).toEqual([expect.stringMatching(/^button "Request 95,100 won" sticks out sideways/)]);
  });

  test('a button on the screen covered by something else', async () => {
    const { dialogs } = await layoutOf(`
      <div role="dialog" style="${DIALOG_STYLE};height:200px">
        <button>Send</button><div style="position:fixed;left:0;top:0;width:200px;height:200px"></div>
      </div>`);
    expect(dialogs).toEqual([expect.stringMatching(/^button "Send" is under div/)]);
  });

  test('a cell wider than its fixed column, and a column squeezed to a few letters a line', async () => {
    const { overflow } = await layoutOf(`
      <table style="table-layout:fixed;width:328px"><tr>
        <th style="width:15%">Thumbnail</th><th>Content</th>
      </tr></table>
      <table style="width:328px"><tr>
        <td style="width:100%">A long description that takes the whole row</td>
        <td>지급거절예금주불일치</td>
      </tr></table>`);
    expect(overflow).toEqual([
      expect.stringMatching(/^td "지급거절예금주불일치" runs over \d+ lines$/),
      expect.stringMatching(/^th "Thumbnail" is \d+px wide in a \d+px column$/),
    ]);
  });

  test('touch targets: a link or button of the header or the main content under 24 × 24 px', async () => {
    const page: Page = await browser.newPage({ viewport: PHONE });
    await page.setContent(`<!doctype html><html lang="en"><body style="margin:0;font:14px/20px sans-serif">
      <a href="#main" style="position:absolute;top:-48px">Skip to the content</a>
      <header><a href="/" style="display:inline-block;height:24px;line-height:24px">Home</a>
        <button style="width:20px;height:20px;padding:0">x</button></header>
      <main>
        <div style="display:flex"><a href="/creator/1" class="creator">Mina Park</a></div>
        <a href="/creator/2" style="display:block;line-height:24px">Min-ji</a>
        <p>Read <a href="/terms">the terms</a> before you pay.</p>
        <label><input type="checkbox"> I agree</label>
        <div style="position:relative;height:40px"><input aria-hidden="true" tabindex="-1"
          style="position:absolute;bottom:0;width:100%;height:21px;opacity:0;pointer-events:none"></div>
        <button style="display:none">Hidden</button>
      </main>
      <footer><a href="/faq">FAQ</a></footer></body></html>`);
    expect(await page.evaluate(smallTargets)).toEqual([
      expect.stringMatching(/^button "x" is 20×20$/),
      expect.stringMatching(/^a\.creator "Mina Park" is \d+×20$/),
    ]);
  });
});
