import { describe, expect, it } from 'vitest';
import { checkEvent, missingEventFields, type EventForm } from './event-dialog';
import { canSendPrize } from './event-perform-dialog';
import { applicantStatusFor } from './api';

// 2026-11-22 12:00 KST.
const NOW = new Date('2026-11-22T03:00:00Z');
const valid: EventForm = {
  title: 'Birthday lottery',
  name: '',
  description: 'Signed polaroids',
  drawNumber: '2',
  applyStart: '2026-11-22',
  applyEnd: '2026-11-23',
  eventEnd: '2026-11-30',
};

describe('the register dialog’s checks', () => {
  it('accepts a complete event opening today whose end is 7 days after applyEnd', () => {
    expect(checkEvent(valid, true, NOW)).toBeNull();
  });

  it('answers each message of the spec', () => {
    expect(checkEvent(valid, false, NOW)).toBe('allRequired');
    expect(checkEvent({ ...valid, title: ' ' }, true, NOW)).toBe('allRequired');
    expect(checkEvent({ ...valid, eventEnd: '' }, true, NOW)).toBe('allRequired');
    expect(checkEvent({ ...valid, drawNumber: '0' }, true, NOW)).toBe('drawNumberPositive');
    expect(checkEvent({ ...valid, description: 'x'.repeat(201) }, true, NOW)).toBe('tooLong');
    expect(checkEvent({ ...valid, description: 'x'.repeat(200) }, true, NOW)).toBeNull();
    expect(checkEvent({ ...valid, applyStart: '2026-11-21' }, true, NOW)).toBe('applyStartPast');
    expect(checkEvent({ ...valid, applyEnd: '2026-11-21', applyStart: '2026-11-22' }, true, NOW)).toBe('datesOrder');
    expect(checkEvent({ ...valid, eventEnd: '2026-11-29' }, true, NOW)).toBe('eventEndTooSoon');
  });

  it("names the empty required parts, the cover among them, in the form's order", () => {
    expect(missingEventFields(valid, true)).toEqual([]);
    expect(missingEventFields(valid, false)).toEqual(['cover']);
    expect(missingEventFields({ ...valid, title: ' ', eventEnd: '' }, false)).toEqual(['cover', 'title', 'eventEnd']);
  });

  it('uses the Korean calendar day: 23:30 UTC on the 21st is already the 22nd in Korea', () => {
    expect(checkEvent(valid, true, new Date('2026-11-21T23:30:00Z'))).toBeNull();
    expect(checkEvent({ ...valid, applyStart: '2026-11-21' }, true, new Date('2026-11-21T16:00:00Z'))).toBe(
      'applyStartPast',
    );
  });
});

describe('the perform modal and the views', () => {
  it('sends only with a file and a message of 1–200 characters', () => {
    const file = { id: 1, s3Url: '/f', contentType: 'image/png', thumbnail: null };
    expect(canSendPrize(file, 'Thanks', false)).toBe(true);
    expect(canSendPrize(null, 'Thanks', false)).toBe(false);
    expect(canSendPrize(file, '  ', false)).toBe(false);
    expect(canSendPrize(file, 'x'.repeat(201), false)).toBe(false);
    expect(canSendPrize(file, 'Thanks', true)).toBe(false);
  });

  it('lists every applicant until the draw, then the winners', () => {
    expect(applicantStatusFor('APPLYING')).toBeUndefined();
    expect(applicantStatusFor('DRAWING')).toBeUndefined();
    expect(applicantStatusFor('DRAWN')).toBe('ACCEPTED,COMPLETED,TRANSCODING');
    expect(applicantStatusFor('CLOSED')).toBe('COMPLETED');
  });
});
