import type { MissionView } from '@fanmission/contracts';
import { missionThumbnail, type MissionPictures } from '../../shared/cards/mission-card';

export { missionThumbnail };

/** What the left side shows. */
export type MissionContent = 'media' | 'thumbnail' | 'customBox' | 'requestBox';

export function missionContent(mission: MissionPictures & Pick<MissionView, 'status'>): MissionContent {
  if (mission.status === 'COMPLETED') return 'media';
  if (mission.status === 'REJECTED') return 'requestBox';
  return missionThumbnail(mission) ? 'thumbnail' : 'customBox';
}

export function statusColor(mission: MissionView): 'success' | 'warning' | 'error' | 'default' {
  if (mission.status === 'COMPLETED') return 'success';
  if (mission.status === 'REJECTED') return 'error';
  if (mission.status === 'ACCEPTED') return 'warning';
  return 'default';
}
