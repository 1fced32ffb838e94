// @vitest-environment jsdom
// The profile photo editor: a 9:16 crop, rotate left/right, reset, apply/cancel the crop, confirm or
// cancel the dialog. jsdom neither lays out nor decodes images: the test gives the image and the cropper's box their
// sizes and lets canvas drawing record what it was asked to cut, so what is checked is the editor's behaviour.
import type { Language } from '@fanmission/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AppProviders, cleanupApp, useLanguage } from '@fanmission/tests/support/web/render';
import { PhotoEditorDialog } from './photo-editor-dialog';

vi.setConfig({ testTimeout: 90_000 });

const LANGUAGES: Language[] = ['ko', 'en', 'ja'];

/** A landscape 1600 × 900 photo shown unscaled in a 2000 × 1000 cropper box. */
const restores: Array<() => void> = [];
function define<T extends object>(prototype: T, property: string, value: unknown) {
  const previous = Object.getOwnPropertyDescriptor(prototype, property);
  Object.defineProperty(prototype, property, { configurable: true, get: () => value });
  restores.push(() => {
    if (previous) Object.defineProperty(prototype, property, previous);
    else delete (prototype as Record<string, unknown>)[property];
  });
}

const cut: { width: number; height: number }[] = [];

beforeEach(() => {
  define(HTMLImageElement.prototype, 'naturalWidth', 1600);
  define(HTMLImageElement.prototype, 'naturalHeight', 900);
  define(HTMLElement.prototype, 'offsetWidth', 1600);
  define(HTMLElement.prototype, 'offsetHeight', 900);
  const rect = HTMLElement.prototype.getBoundingClientRect;
  HTMLElement.prototype.getBoundingClientRect = () =>
    ({ x: 0, y: 0, left: 0, top: 0, width: 2000, height: 1000, right: 2000, bottom: 1000 }) as DOMRect;
  restores.push(() => (HTMLElement.prototype.getBoundingClientRect = rect));
  const getContext = HTMLCanvasElement.prototype.getContext;
  const toBlob = HTMLCanvasElement.prototype.toBlob;
  HTMLCanvasElement.prototype.getContext = (() => ({
    translate() {},
    rotate() {},
    drawImage() {},
  })) as unknown as typeof getContext;
  HTMLCanvasElement.prototype.toBlob = function (this: HTMLCanvasElement, callback: BlobCallback) {
    cut.push({ width: this.width, height: this.height });
    callback(new Blob([new Uint8Array([0xff, 0xd8])], { type: 'image/jpeg' }));
  };
  restores.push(() => {
    HTMLCanvasElement.prototype.getContext = getContext;
    HTMLCanvasElement.prototype.toBlob = toBlob;
  });
  // The cropping reads the picked image back: decoding is instant here.
  class DecodedImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    naturalWidth = 1600;
    naturalHeight = 900;
    set src(_value: string) {
      setTimeout(() => this.onload?.(), 0);
    }
  }
  vi.stubGlobal('Image', DecodedImage);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:photo', revokeObjectURL: () => {} }));
  cut.length = 0;
});

afterEach(() => {
  cleanupApp();
  for (const restore of restores.splice(0).reverse()) restore();
  vi.unstubAllGlobals();
});

const media = () => document.querySelector<HTMLImageElement>('.reactEasyCrop_Image');
const transform = () => media()?.style.transform ?? '';

describe.each(LANGUAGES)('photo editor in %s', (language) => {
  test('crops at 9:16, rotates left/right, resets, applies and cancels the crop, then confirms', async () => {
    const texts = await useLanguage(language);
    const e = texts.creatorStudio.photoEditor;
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <AppProviders i18n={i18next}>
        <PhotoEditorDialog open onClose={onClose} onConfirm={onConfirm} />
      </AppProviders>,
    );
    expect(screen.getByText(e.empty)).toBeTruthy();
    const confirm = () => screen.getByRole('button', { name: e.confirm }) as HTMLButtonElement;
    expect(confirm().disabled).toBe(true);

    await userEvent.upload(
      screen.getByLabelText(e.choose, { selector: 'input' }),
      new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(media()).not.toBeNull());
    fireEvent.load(media()!);
    // The crop frame is 9:16 whatever the photo's shape.
    const frame = await waitFor(() => {
      const element = document.querySelector<HTMLElement>('[data-testid="cropper"]');
      expect(element?.style.width).toMatch(/px$/);
      return element!;
    });
    expect(parseFloat(frame.style.width) / parseFloat(frame.style.height)).toBeCloseTo(9 / 16, 5);

    expect(transform()).toContain('rotate(0deg)');
    await userEvent.click(screen.getByRole('button', { name: e.rotateRight }));
    expect(transform()).toContain('rotate(90deg)');
    await userEvent.click(screen.getByRole('button', { name: e.rotateLeft }));
    await userEvent.click(screen.getByRole('button', { name: e.rotateLeft }));
    expect(transform()).toContain('rotate(-90deg)');
    const zoom = screen.getByRole('slider', { name: e.zoom });
    zoom.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(transform()).toMatch(/scale\(1\.2/);
    await userEvent.click(screen.getByRole('button', { name: e.reset }));
    expect(transform()).toContain('rotate(0deg)');
    expect(transform()).toContain('scale(1)');

    // Apply: the preview of the cut, 9:16; cancelling the crop goes back to the cropper.
    await userEvent.click(screen.getByRole('button', { name: e.applyCrop }));
    expect(await screen.findByRole('img', { name: e.cropped })).toBeTruthy();
    expect(cut).toHaveLength(1);
    expect(cut[0]!.width / cut[0]!.height).toBeCloseTo(9 / 16, 2);
    expect(confirm().disabled).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: e.cancelCrop }));
    expect(screen.queryByRole('img', { name: e.cropped })).toBeNull();
    expect(media()).not.toBeNull();

    // Confirm needs no apply first: it takes what the frame shows, 9:16.
    expect(confirm().disabled).toBe(false);
    await userEvent.click(confirm());
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(1));
    expect(cut).toHaveLength(2);
    expect(cut[1]!.width / cut[1]!.height).toBeCloseTo(9 / 16, 2);
    expect((onConfirm.mock.calls[0]![0] as Blob).type).toBe('image/jpeg');
    expect(onClose).not.toHaveBeenCalled();
  });

  test('cancel closes without a photo; a file that is not an image is refused', async () => {
    const texts = await useLanguage(language);
    const e = texts.creatorStudio.photoEditor;
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <AppProviders i18n={i18next}>
        <PhotoEditorDialog open onClose={onClose} onConfirm={onConfirm} />
      </AppProviders>,
    );
    await userEvent.upload(
      screen.getByLabelText(e.choose, { selector: 'input' }),
      new File([new Uint8Array([1])], 'notes.pdf', { type: 'application/pdf' }),
      { applyAccept: false },
    );
    expect((await screen.findByRole('alertdialog')).textContent).toContain(texts.creatorStudio.profile.imagesOnly);
    expect(media()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: texts.common.ok }));
    await userEvent.click(screen.getByRole('button', { name: e.cancel }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
