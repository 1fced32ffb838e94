// The fans' lottery event screens: the public event page and the roulette rolls page. Event cards, the
// events grid and the roulette seed panel live in web/src/shared (features may not import each other).
export { LotteryEventPage } from './lottery-event-page';
export { MyRollsPage } from './my-rolls-page';
