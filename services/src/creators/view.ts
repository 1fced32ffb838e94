import type { Creator, FileEntry, Language } from '@fanmission/contracts';
import type { AppConfig } from '../config';
import type { DbExecutor } from '../db';
import { fileEntry, type FileRow, findFiles } from '../files';
import * as repository from './repository';
import type { CreatorWithUser } from './repository';

function entryOf(config: AppConfig, files: Map<number, FileRow>, id: number | null): FileEntry | null {
  const file = id === null ? undefined : files.get(id);
  return file ? fileEntry(config, file) : null;
}

/**
 * The creator as the page shows it, his tags named in the reader's `language` (Korean by default). Business fields are
 * personal (a cash receipt number is often a phone number): only the owner and operators (`withPrivateFields`) see
 * them; everyone else gets null.
 */
export async function creatorView(
  db: DbExecutor,
  config: AppConfig,
  creator: CreatorWithUser,
  options: { withPrivateFields: boolean; language?: Language },
): Promise<Creator> {
  const [files, tags, snsLinks] = await Promise.all([
    findFiles(db, [creator.image_file_id, creator.intro_file_id]),
    repository.tagsOfCreator(db, creator.id, options.language),
    repository.snsLinksOfCreator(db, creator.id),
  ]);
  const image = entryOf(config, files, creator.image_file_id);
  const personal = options.withPrivateFields;
  return {
    id: creator.id,
    name: creator.name,
    url: creator.url,
    description: creator.description,
    verified: creator.verified,
    grade: creator.grade,
    intro: entryOf(config, files, creator.intro_file_id),
    snsLinks,
    tags,
    containAdultContent: creator.contain_adult_content,
    businessType: personal ? creator.business_type : null,
    businessName: personal ? creator.business_name : null,
    businessRegistrationNumber: personal ? creator.business_registration_number : null,
    businessCashReceiptNumber: personal ? creator.business_cash_receipt_number : null,
    donating: creator.donating,
    avatar: image,
    user: { id: creator.user_id, username: creator.username, image },
    customMission: { active: creator.available_custom, minimumCost: creator.minimum_cost },
    created: creator.created_at.toISOString(),
  };
}
