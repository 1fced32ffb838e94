// The public surface of `adult-content`: the gate in front of adult-flagged creators' content. Other modules import
// only this file.
export {
  adultViewerOf,
  isAdultCreator,
  mayViewAdultContent,
  requireAdultAccess,
  requireCreatorContentAccess,
  type AdultViewer,
  type GatedContent,
} from './gate';
