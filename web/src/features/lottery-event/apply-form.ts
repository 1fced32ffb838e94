import {
  EVENT_ADDRESS_MAX_LENGTH,
  EVENT_APPLICANT_NAME_MAX_LENGTH,
  EVENT_PHONE_PATTERN,
  TEXT_LIMITS,
  type EventApplication,
} from '@fanmission/contracts';

/*
 * The event apply form: real name, numeric phone, story ≤ 200 (truncated while typing), image ≤ 5 MB
 * (optional), address and detail optional, both terms required ('agree all' toggles both). Pure rules, tested alone.
 */

export const APPLY_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The extensions treated as images for attachments. */
const IMAGE_EXTENSIONS = ['bmp', 'jpg', 'jpeg', 'gif', 'png', 'tif', 'tiff', 'raw', 'ai', 'ico', 'heic', 'psd', 'webp'];

export interface ApplyForm {
  name: string;
  phone: string;
  story: string;
  address: string;
  addressDetail: string;
  agreePrivacy: boolean;
  agreeService: boolean;
}

export const EMPTY_APPLY_FORM: ApplyForm = {
  name: '',
  phone: '',
  story: '',
  address: '',
  addressDetail: '',
  agreePrivacy: false,
  agreeService: false,
};

export type ApplyField = 'name' | 'phone' | 'terms';
/** Keys under `lotteryEvent.applyDialog`. */
export type ApplyErrors = Partial<
  Record<ApplyField, 'nameRequired' | 'phoneRequired' | 'phoneDigits' | 'termsRequired'>
>;

/** Typing filters: the phone keeps digits, the story is cut at 200, the rest at their column sizes. */
export const applyInput = {
  name: (value: string) => value.slice(0, EVENT_APPLICANT_NAME_MAX_LENGTH),
  phone: (value: string) => value.replace(/\D/g, '').slice(0, 20),
  story: (value: string) => value.slice(0, TEXT_LIMITS.eventApplyStory),
  address: (value: string) => value.slice(0, EVENT_ADDRESS_MAX_LENGTH),
  addressDetail: (value: string) => value.slice(0, EVENT_ADDRESS_MAX_LENGTH),
} as const;

export function checkApplyForm(form: ApplyForm): ApplyErrors {
  const errors: ApplyErrors = {};
  if (form.name.trim() === '') errors.name = 'nameRequired';
  const phone = form.phone.trim();
  if (phone === '') errors.phone = 'phoneRequired';
  else if (!EVENT_PHONE_PATTERN.test(phone)) errors.phone = 'phoneDigits';
  if (!form.agreePrivacy || !form.agreeService) errors.terms = 'termsRequired';
  return errors;
}

export function applyBody(form: ApplyForm, productId: number, fileId: number | undefined): EventApplication {
  const address = form.address.trim();
  const addressDetail = form.addressDetail.trim();
  return {
    missionProductId: productId,
    name: form.name.trim(),
    phone: form.phone.trim(),
    requestComment: form.story.trim().slice(0, TEXT_LIMITS.eventApplyStory),
    ...(fileId !== undefined && { requestFileId: fileId }),
    ...(address && { address }),
    ...(addressDetail && { addressDetail }),
  };
}

/** Why an attachment is refused (a key under `lotteryEvent.applyDialog`), or null when it may be uploaded. */
export function checkImage(file: { name: string; type: string; size: number }): 'imageOnly' | 'imageTooLarge' | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  const image = file.type.startsWith('image/') || IMAGE_EXTENSIONS.includes(extension);
  if (!image) return 'imageOnly';
  if (file.size > APPLY_IMAGE_MAX_BYTES) return 'imageTooLarge';
  return null;
}
