// The console's dashboard names each event consumer as an operator says it (admin-ui/src/dashboard.tsx): every consumer
// a running process starts has its name in Korean, English and Japanese.
import { describe, expect, it } from 'vitest';
import { runtimeConsumers } from '@fanmission/services/runtime';
import { sandboxAlimtalkProvider } from '@fanmission/services/alimtalk';
import type { ReviewMailDependencies } from '@fanmission/services/creators';
import { consoleEn } from '../../admin-ui/src/i18n/console-en';
import { consoleJa } from '../../admin-ui/src/i18n/console-ja';
import { consoleKo } from '../../admin-ui/src/i18n/console-ko';

describe('the console dashboard’s consumer names', () => {
  it('names every consumer the runtime starts, in ko, en and ja', () => {
    // The consumers are only named here, never run: their mail dependencies are not used.
    const deps = { ...({} as ReviewMailDependencies), alimtalk: sandboxAlimtalkProvider() };
    const names = runtimeConsumers(deps).map((consumer) => consumer.name);
    expect(names).toContain('notification-alimtalk');
    expect(names.length).toBeGreaterThanOrEqual(7);
    for (const messages of [consoleKo, consoleEn, consoleJa]) {
      const labels = messages.console.dashboard.consumerNames as Record<string, string>;
      expect(names.filter((name) => !labels[name])).toEqual([]);
    }
  });
});
