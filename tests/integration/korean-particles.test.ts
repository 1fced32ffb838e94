// Korean sentences built from templates never show both particles ("1,000코인을(를)", "help@…(으)로"): a template
// puts its value where no particle follows it, or in parentheses after a word whose particle is known.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** A particle written both ways: `을(를)`, `(으)로`, `이(가)`, `은(는)`, `과(와)`, `(이)`. */
const BOTH_PARTICLES = /(을\(를\)|를\(을\)|\(으\)|이\(가\)|가\(이\)|은\(는\)|는\(은\)|과\(와\)|와\(과\)|\(이\))/;

/** Every file that holds Korean texts: the API's catalogs, the web app's and the console's Korean locales. */
function koreanTextFiles(): string[] {
  const under = (folder: string, keep: (name: string) => boolean) =>
    readdirSync(path.join(ROOT, folder))
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && keep(name))
      .map((name) => path.join(folder, name));
  return [
    ...under('services/src/i18n/catalogs', () => true),
    'services/src/i18n/messages.ts',
    ...under('web/src/shared/i18n/locales', (name) => !/-(en|ja)\.ts$/.test(name) && !/^(en|ja)\.ts$/.test(name)),
    ...under('web/src/shared/media', (name) => name === 'locales.ts'),
    'admin-ui/src/i18n/console-ko.ts',
  ];
}

describe('Korean texts', () => {
  it('never write a particle both ways', () => {
    const found = koreanTextFiles().flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => (BOTH_PARTICLES.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
