// The public surface of `adult-content`: the gate in front of adult-flagged creators' content. Other modules import
// only this file.
export {
  adultLoginRequired,
  adultVerificationRequired,
  isAdultCreator,
  mayViewAdultContent,
  requireAdultAccess,
  requireCreatorContentAccess,
  type GatedContent,
} from './gate';
