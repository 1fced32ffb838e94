// Every screen of the web app at 360 px in en and ja with axe-core (tests/support/web-a11y-suite.ts); ko and the
// keyboard journeys in tests/e2e/web-a11y.test.ts. Two files so that two lanes of `npm test` share the sweep.
import { describeWebA11y } from '../support/web-a11y-suite';

describeWebA11y({ languages: ['en', 'ja'], journeys: false });
