import { AppError, type FieldProblem } from '../http';

// The refusals of creator profile changes and reviews, each with its status, message key and code (`contracts`
// ERROR_CODES).

/** A profile change naming none of the profile, CUSTOM mission or bank fields. */
export const nothingToUpdate = () => new AppError(400, 'creators.nothingToUpdate', { code: 'VALIDATION_FAILED' });

/** Field problems of a profile change: the profile's own message when the profile part is incomplete. */
export const invalidCreatorFields = (profileIncomplete: boolean, fields: FieldProblem[]) =>
  new AppError(400, profileIncomplete ? 'creators.profileIncomplete' : 'error.validation', {
    code: 'VALIDATION_FAILED',
    fields,
  });

/** A review cannot put a creator back to PENDING. */
export const backToPendingNotAllowed = () =>
  new AppError(400, 'review.backToPendingNotAllowed', {
    code: 'VALIDATION_FAILED',
    fields: [{ field: 'reviewStatus', key: 'review.backToPendingNotAllowed', rejectedValue: 'PENDING' }],
  });
