// @vitest-environment jsdom
import { missionRequestSchema } from '@fanmission/contracts';
import { describe, expect, test } from 'vitest';
import { initialTab, requestGate } from './request-rules';
import { validate } from '../../shared/forms/validate';
import {
  attachmentsAllowed,
  EMPTY_REQUEST_FORM,
  requestBody,
  requestCost,
  requestFormSchema,
  type RequestForm,
  type RequestProduct,
} from './request-form';

const basic = { id: 1, type: 'BASIC' as const, coinPrice: 100, minimumCost: null, allowAttachments: false };
const custom = { id: 2, type: 'CUSTOM' as const, coinPrice: null, minimumCost: 300, allowAttachments: false };

/** The request modal's check: its schema, field → message key. */
function checkRequest(form: RequestForm, product: RequestProduct) {
  const checked = validate(requestFormSchema(product), form);
  return checked.ok ? {} : checked.errors;
}

describe('creator page rules', () => {
  test('initial tab: BASIC if any, else LUCKY, else CUSTOM, else none', () => {
    expect(initialTab([{ type: 'CUSTOM' }, { type: 'LUCKY' }, { type: 'BASIC' }])).toBe('BASIC');
    expect(initialTab([{ type: 'CUSTOM' }, { type: 'LUCKY' }])).toBe('LUCKY');
    expect(initialTab([{ type: 'CUSTOM' }])).toBe('CUSTOM');
    expect(initialTab([{ type: 'EVENT' }])).toBeNull();
    expect(initialTab([])).toBeNull();
  });

  test('request gate: visitors log in, creators are refused, unverified members verify first', () => {
    expect(requestGate({ loggedIn: false, creatorId: null, isVerified: null })).toBe('login');
    expect(requestGate({ loggedIn: true, creatorId: 5, isVerified: true })).toBe('creator');
    expect(requestGate({ loggedIn: true, creatorId: null, isVerified: false })).toBe('unverified');
    expect(requestGate({ loggedIn: true, creatorId: null, isVerified: true })).toBe('allowed');
  });
});

describe('mission request form', () => {
  test('required fields, sender only for a friend, terms, custom minimum', () => {
    expect(Object.keys(checkRequest(EMPTY_REQUEST_FORM, basic)).sort()).toEqual(['requestComment', 'terms', 'to']);
    expect(Object.keys(checkRequest({ ...EMPTY_REQUEST_FORM, toFriend: true }, basic))).toContain('from');
    const filled = { ...EMPTY_REQUEST_FORM, to: 'Minji', requestComment: 'Sing', terms: true };
    expect(checkRequest(filled, basic)).toEqual({});
    expect(checkRequest({ ...filled, amount: '299' }, custom)).toEqual({ amount: 'missionRequest.belowMinimum' });
    expect(checkRequest({ ...filled, amount: '' }, custom)).toEqual({ amount: 'missionRequest.belowMinimum' });
    expect(checkRequest({ ...filled, toFriend: true, from: ' ' }, basic)).toEqual({ from: 'validation.required' });
    expect(checkRequest({ ...filled, amount: '300' }, custom)).toEqual({});
  });

  test('cost, attachments and the body sent', () => {
    const filled = { ...EMPTY_REQUEST_FORM, to: ' Minji ', requestComment: 'Sing', terms: true, amount: '450' };
    expect(requestCost(filled, basic)).toBe(100);
    expect(requestCost(filled, custom)).toBe(450);
    expect(attachmentsAllowed(basic)).toBe(false);
    expect(attachmentsAllowed({ ...basic, allowAttachments: true })).toBe(true);
    expect(attachmentsAllowed(custom)).toBe(true);
    expect(requestBody(filled, basic, undefined)).toEqual({
      private: false,
      toFriend: false,
      to: 'Minji',
      requestComment: 'Sing',
      missionProductId: 1,
      expectedCoinPrice: 100,
    });
    const friend = requestBody({ ...filled, toFriend: true, from: 'Jae', private: true }, custom, 9);
    expect(friend).toEqual({
      private: true,
      toFriend: true,
      to: 'Minji',
      from: 'Jae',
      requestComment: 'Sing',
      missionProductId: 2,
      coinPrice: 450,
      requestFileId: 9,
    });
    expect(missionRequestSchema.safeParse(friend).success).toBe(true);
  });
});
