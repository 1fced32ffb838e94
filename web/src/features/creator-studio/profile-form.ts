import {
  isValidBusinessRegistrationNumber,
  BUSINESS_TYPE_REQUIRED_FIELDS,
  CASH_RECEIPT_NUMBER_PATTERN,
  CREATOR_NAME_MAX,
  CREATOR_URL_PATTERN,
  RESERVED_CREATOR_URLS,
  SNS_TYPES,
  TEXT_LIMITS,
  type BusinessType,
  type MyCreator,
  type SnsType,
} from '@fanmission/contracts';
import type { TFunction } from 'i18next';

export interface ProfileValues {
  tags: number[];
  name: string;
  url: string;
  sns: Record<SnsType, string>;
  description: string;
  businessType: BusinessType | null;
  businessName: string;
  businessRegistrationNumber: string;
  businessCashReceiptNumber: string;
  containAdultContent: boolean;
}

/** The items the save requires, in the order the editor lists (and focuses) them. */
export const REQUIRED_ITEMS = [
  'tags',
  'intro',
  'image',
  'name',
  'url',
  'snsLinks',
  'businessType',
  'businessName',
  'businessRegistrationNumber',
  'businessCashReceiptNumber',
] as const;
export type RequiredItem = (typeof REQUIRED_ITEMS)[number];

export function profileValuesOf(creator: MyCreator): ProfileValues {
  const sns = Object.fromEntries(SNS_TYPES.map((type) => [type, ''])) as Record<SnsType, string>;
  for (const link of creator.snsLinks) sns[link.type] = link.link;
  return {
    tags: creator.tags.map((tag) => tag.id),
    name: creator.name,
    url: creator.url ?? '',
    sns,
    description: creator.description ?? '',
    businessType: creator.businessType,
    businessName: creator.businessName ?? '',
    businessRegistrationNumber: creator.businessRegistrationNumber ?? '',
    businessCashReceiptNumber: creator.businessCashReceiptNumber ?? '',
    containAdultContent: creator.containAdultContent,
  };
}

/** Every missing required item, in order (the intro and the photo are uploaded separately, so they are passed in). */
export function missingItems(values: ProfileValues, media: { intro: boolean; image: boolean }): RequiredItem[] {
  const missing: RequiredItem[] = [];
  if (values.tags.length === 0) missing.push('tags');
  if (!media.intro) missing.push('intro');
  if (!media.image) missing.push('image');
  if (!values.name.trim()) missing.push('name');
  if (!values.url.trim()) missing.push('url');
  if (!SNS_TYPES.some((type) => values.sns[type].trim() !== '')) missing.push('snsLinks');
  if (!values.businessType) missing.push('businessType');
  else {
    for (const field of BUSINESS_TYPE_REQUIRED_FIELDS[values.businessType]) {
      if (!values[field].trim()) missing.push(field);
    }
  }
  return missing;
}

/** Format problems of filled fields: field → message key of the `creatorStudio.errors` group. */
export function formatErrors(values: ProfileValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const url = values.url.trim();
  if (values.name.trim().length > CREATOR_NAME_MAX) errors.name = 'creatorStudio.errors.tooLong';
  if (url) {
    if (!CREATOR_URL_PATTERN.test(url) || /^\d+$/.test(url)) errors.url = 'creatorStudio.errors.urlInvalid';
    else if ((RESERVED_CREATOR_URLS as readonly string[]).includes(url.toLowerCase())) {
      errors.url = 'creatorStudio.errors.urlReserved';
    }
  }
  for (const type of SNS_TYPES) {
    const link = values.sns[type].trim();
    if (link && !/^https?:\/\/[^\s]+\.[^\s]+/.test(link)) errors[`sns.${type}`] = 'creatorStudio.errors.snsLinkInvalid';
  }
  if (values.description.length > TEXT_LIMITS.description) errors.description = 'creatorStudio.errors.tooLong';
  const registration = values.businessRegistrationNumber.trim();
  if (registration && values.businessType !== 'NONE' && !isValidBusinessRegistrationNumber(registration)) {
    errors.businessRegistrationNumber = 'creatorStudio.errors.businessRegistrationNumberInvalid';
  }
  const receipt = values.businessCashReceiptNumber.trim();
  if (receipt && values.businessType === 'NONE' && !CASH_RECEIPT_NUMBER_PATTERN.test(receipt)) {
    errors.businessCashReceiptNumber = 'creatorStudio.errors.cashReceiptNumberInvalid';
  }
  return errors;
}

/** The `PUT /creators/{id}` profile body: business fields of other types are sent empty. */
export function profileBody(values: ProfileValues) {
  const uses = (field: 'businessName' | 'businessRegistrationNumber' | 'businessCashReceiptNumber') =>
    values.businessType !== null &&
    (BUSINESS_TYPE_REQUIRED_FIELDS[values.businessType] as readonly string[]).includes(field);
  return {
    tags: values.tags,
    name: values.name.trim(),
    url: values.url.trim(),
    snsLinks: SNS_TYPES.filter((type) => values.sns[type].trim() !== '').map((type) => ({
      type,
      link: values.sns[type].trim(),
    })),
    description: values.description.trim() || null,
    containAdultContent: values.containAdultContent,
    businessType: values.businessType,
    businessName: uses('businessName') ? values.businessName.trim() : null,
    businessRegistrationNumber: uses('businessRegistrationNumber') ? values.businessRegistrationNumber.trim() : null,
    businessCashReceiptNumber: uses('businessCashReceiptNumber') ? values.businessCashReceiptNumber.trim() : null,
  };
}

/** The id of a profile item's field, where the editor moves the focus after a failed check. */
export const fieldId = (item: string) => `creator-profile-${item}`;

/** Sentences the editor shows after a failed check: the missing items, ending "information is required". */
export function missingMessage(items: RequiredItem[], t: TFunction): string {
  const labels = items.map((item) => t(`creatorStudio.profile.items.${item}`));
  return t('creatorStudio.profile.missing', { items: labels.join(t('creatorStudio.profile.separator')) });
}
