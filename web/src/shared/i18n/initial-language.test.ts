// @vitest-environment jsdom
// A first visit opens in the browser's language when the app speaks it; a chosen language (stored or in the link)
// always wins.
import { afterEach, describe, expect, test } from 'vitest';
import { browserLanguage, initialLanguage } from './i18n';

afterEach(() => {
  window.localStorage.removeItem('lang');
  window.history.replaceState(null, '', '/');
});

describe('the language of a page', () => {
  test("the browser's first language the app speaks, else Korean", () => {
    expect(browserLanguage(['en-US', 'en'])).toBe('en');
    expect(browserLanguage(['ja-JP'])).toBe('ja');
    expect(browserLanguage(['ko-KR', 'en-US'])).toBe('ko');
    expect(browserLanguage(['fr-FR', 'ja'])).toBe('ja');
    expect(browserLanguage(['fr-FR', 'de'])).toBe('ko');
    expect(browserLanguage([])).toBe('ko');
  });

  test("a first visit with no saved language takes the browser's (jsdom's navigator says en-US)", () => {
    expect(navigator.languages[0]).toBe('en-US');
    expect(initialLanguage()).toBe('en');
  });

  test('a saved language, or one in the link, wins over the browser', () => {
    window.localStorage.setItem('lang', 'ko');
    expect(initialLanguage()).toBe('ko');
    window.localStorage.setItem('lang', 'jp');
    expect(initialLanguage()).toBe('ja');
    window.history.replaceState(null, '', '/?lang=ko');
    expect(initialLanguage()).toBe('ko');
  });
});
