import { missionRequestSchema, type MissionProduct, type MissionRequest } from '@fanmission/contracts';
import { z } from 'zod';

export interface RequestForm {
  to: string;
  toFriend: boolean;
  from: string;
  requestComment: string;
  private: boolean;
  amount: string;
  terms: boolean;
}

export const EMPTY_REQUEST_FORM: RequestForm = {
  to: '',
  toFriend: false,
  from: '',
  requestComment: '',
  private: false,
  amount: '',
  terms: false,
};

/** A kept draft's fields back as a form: each field of the right type, the others empty. */
export function restoreRequestForm(fields: Record<string, unknown>): RequestForm {
  const form = { ...EMPTY_REQUEST_FORM };
  for (const key of Object.keys(form) as (keyof RequestForm)[]) {
    const value = fields[key];
    if (typeof value === typeof form[key]) (form as Record<keyof RequestForm, unknown>)[key] = value;
  }
  return form;
}

export type RequestProduct = Pick<MissionProduct, 'id' | 'type' | 'coinPrice' | 'minimumCost' | 'allowAttachments'>;

/** The offer a CUSTOM request must reach. */
export const minimumOffer = (product: RequestProduct) => product.minimumCost ?? 1;

/**
 * The request modal's schema: the contracts' `missionRequestSchema` rules for the recipient and the detail,
 * plus what only the form asks: the sender for a friend, the custom minimum and the terms.
 */
export function requestFormSchema(product: RequestProduct) {
  const minimum = minimumOffer(product);
  const amount =
    product.type === 'CUSTOM'
      ? z
          .string()
          .refine((value) => value.trim() !== '' && Number.isInteger(Number(value)) && Number(value) >= minimum, {
            error: 'missionRequest.belowMinimum',
          })
      : z.string();
  return z
    .object({
      to: missionRequestSchema.shape.to,
      toFriend: z.boolean(),
      from: z.string(),
      requestComment: missionRequestSchema.shape.requestComment,
      private: z.boolean(),
      amount,
      terms: z.boolean().refine(Boolean, { error: 'missionRequest.termsRequired' }),
    })
    .superRefine((form, context) => {
      if (form.toFriend && !form.from.trim()) {
        context.addIssue({ code: 'custom', path: ['from'], message: 'validation.required' });
      }
    });
}

/** What the request costs: the product price, or the offer for CUSTOM. */
export function requestCost(form: Pick<RequestForm, 'amount'>, product: RequestProduct): number {
  return product.type === 'CUSTOM' ? Number(form.amount) || 0 : (product.coinPrice ?? 0);
}

/** Attachments: BASIC only when the product allows them, always for CUSTOM. */
export function attachmentsAllowed(product: RequestProduct): boolean {
  return product.type === 'CUSTOM' || (product.type === 'BASIC' && product.allowAttachments);
}

export function requestBody(form: RequestForm, product: RequestProduct, fileId: number | undefined): MissionRequest {
  return {
    private: form.private,
    toFriend: form.toFriend,
    to: form.to.trim(),
    ...(form.toFriend && { from: form.from.trim() }),
    requestComment: form.requestComment.trim(),
    missionProductId: product.id,
    ...(product.type === 'CUSTOM' && { coinPrice: Number(form.amount) }),
    ...(product.type === 'BASIC' && product.coinPrice !== null && { expectedCoinPrice: product.coinPrice }),
    ...(fileId !== undefined && { requestFileId: fileId }),
  };
}
