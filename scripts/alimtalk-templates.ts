// Writes docs/alimtalk-templates.md: the KakaoTalk 알림톡 templates as submitted for Kakao's approval.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { templatesDocument } from '../services/src/alimtalk/templates';

writeFileSync(fileURLToPath(new URL('../docs/alimtalk-templates.md', import.meta.url)), templatesDocument());
