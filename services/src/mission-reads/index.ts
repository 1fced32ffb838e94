// The public surface of `mission-reads`: mission pages, media, likes and blocks. Other modules import only this file.
export { missionReadRoutes } from './routes';
export { type MissionSocialTables } from './table';
