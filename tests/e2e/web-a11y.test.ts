// Every screen of the web app at 360 px in ko with axe-core, the mission detail at 1280 px, the header at 390 px and
// the keyboard-only journeys (tests/support/web-a11y-suite.ts); en and ja in tests/e2e/web-a11y-en-ja.test.ts.
import { describeWebA11y } from '../support/web-a11y-suite';

describeWebA11y({ languages: ['ko'], journeys: true });
