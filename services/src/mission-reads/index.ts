// The public surface of `mission-reads`: mission pages, media, likes and blocks. Other modules import only this file.
export { findUsers } from './cards-repository';
export { missionReadRoutes } from './routes';
export { missionViewerOf, visibleMission } from './service';
export { type MissionSocialTables } from './table';
export { canSeeMission, missionViewsByIds } from './view';
