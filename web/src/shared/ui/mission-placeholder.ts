import { MISSION_THUMBNAIL_PLACEHOLDERS } from '@fanmission/contracts';

/**
 * One of the 5 placeholder images for a mission without a thumbnail, chosen by the mission id so a
 * card keeps its picture across renders and pages.
 */
export function placeholderThumbnail(missionId: number): string {
  const index = (Math.abs(Math.trunc(missionId)) % MISSION_THUMBNAIL_PLACEHOLDERS) + 1;
  return `/images/mission-placeholder-${index}.svg`;
}
