import {
  BANK_FIELDS,
  BUSINESS_TYPE_REQUIRED_FIELDS,
  type BusinessType,
  type UpdateCreatorBody,
} from '@fanmission/contracts';
import type { ServiceContext } from '../context';
import { type FieldProblem } from '../http';
import type { MessageKey } from '../i18n';
import type { PayoutAccountValues } from './payout-account';
import * as repository from './repository';
import type { CreatorRow, CreatorUpdate } from './table';

// The rules a creator's profile save must meet, checked all at once so the editor can list every missing item: the
// profile fields each business type requires, the custom-mission settings and the bank account (all three or none).

export const present = (body: UpdateCreatorBody, fields: readonly (keyof UpdateCreatorBody)[]) =>
  fields.some((field) => body[field] !== undefined);

const required = (field: string, key: MessageKey, rejectedValue?: unknown): FieldProblem => ({
  field,
  key,
  ...(rejectedValue !== undefined && { rejectedValue }),
});

const BUSINESS_FIELD_COLUMNS = {
  businessName: 'business_name',
  businessRegistrationNumber: 'business_registration_number',
  businessCashReceiptNumber: 'business_cash_receipt_number',
} as const;

const BUSINESS_FIELD_REQUIRED_KEYS = {
  businessName: 'creators.businessNameRequired',
  businessRegistrationNumber: 'creators.businessRegistrationNumberRequired',
  businessCashReceiptNumber: 'creators.businessCashReceiptNumberRequired',
} as const satisfies Record<keyof typeof BUSINESS_FIELD_COLUMNS, MessageKey>;

/**
 * Checks a profile save against every rule of the profile at once (so the editor can list all missing items) and
 * returns the column values. Business fields the chosen type does not use are cleared.
 */
export async function profileChanges(
  ctx: ServiceContext,
  creator: CreatorRow,
  imageFileId: number | null,
  body: UpdateCreatorBody,
): Promise<{ values: CreatorUpdate; tags: number[]; problems: FieldProblem[] }> {
  const problems: FieldProblem[] = [];
  const tags = body.tags ?? [];
  if (tags.length === 0) problems.push(required('tags', 'creators.tagsRequired'));
  else {
    const known = await repository.existingTagIds(ctx.db, tags);
    const unknown = tags.filter((tag) => !known.has(tag));
    if (unknown.length > 0) problems.push(required('tags', 'creators.tagUnknown', unknown));
  }
  if (creator.intro_file_id === null) problems.push(required('intro', 'creators.introRequired'));
  if (imageFileId === null) problems.push(required('image', 'creators.imageRequired'));
  if (!body.name) problems.push(required('name', 'creators.nameRequired'));
  if (!body.url) problems.push(required('url', 'creators.urlRequired'));
  if (!body.snsLinks || body.snsLinks.length === 0) problems.push(required('snsLinks', 'creators.snsLinksRequired'));

  const businessType: BusinessType | null = body.businessType ?? null;
  const business: Pick<
    CreatorUpdate,
    'business_name' | 'business_registration_number' | 'business_cash_receipt_number'
  > = { business_name: null, business_registration_number: null, business_cash_receipt_number: null };
  if (businessType === null) problems.push(required('businessType', 'creators.businessTypeRequired'));
  else {
    for (const field of BUSINESS_TYPE_REQUIRED_FIELDS[businessType]) {
      const value = body[field];
      if (!value) problems.push(required(field, BUSINESS_FIELD_REQUIRED_KEYS[field]));
      else business[BUSINESS_FIELD_COLUMNS[field]] = value;
    }
  }

  return {
    problems,
    tags,
    values: {
      name: body.name,
      url: body.url || null,
      description: body.description ?? null,
      donating: body.donating ?? creator.donating,
      business_type: businessType,
      ...business,
    },
  };
}

export function customMissionChanges(creator: CreatorRow, body: UpdateCreatorBody) {
  const availableCustom = body.availableCustom ?? creator.available_custom;
  const minimumCost = body.minimumCost ?? creator.minimum_cost;
  const problems =
    availableCustom && minimumCost === null ? [required('minimumCost', 'creators.minimumCostRequired')] : [];
  return { problems, values: { available_custom: availableCustom, minimum_cost: minimumCost } };
}

/** The bank account group: all three fields or field problems; where the payout goes as it is unless given. */
export function bankChanges(body: UpdateCreatorBody): {
  problems: FieldProblem[];
  account: PayoutAccountValues | null;
} {
  const problems = BANK_FIELDS.filter((field) => !body[field]).map((field) => required(field, 'validation.required'));
  if (problems.length > 0 || !body.bankName || !body.bankAccountHolder || !body.bankAccountNumber) {
    return { problems, account: null };
  }
  return {
    problems,
    account: {
      bank_name: body.bankName,
      bank_account_holder: body.bankAccountHolder,
      bank_account_number: body.bankAccountNumber,
      ...(body.payoutOverseas !== undefined && { payout_overseas: body.payoutOverseas }),
      // The settlement applies a foreigner's higher minimum only to an account abroad.
      ...(body.payoutForeigner !== undefined && { payout_foreigner: body.payoutForeigner }),
    },
  };
}
