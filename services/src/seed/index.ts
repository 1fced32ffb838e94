// The public surface of `seed`: demo data. Other modules import only this file.
export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
export { seedDemoData } from './demo-data';
export { DEMO_WORLD_SEED, type DemoWorldReport, seedDemoWorld } from './demo-world';
