// The public surface of `seed`: demo data. Other modules import only this file.
export { DEMO_PASSWORD, seedDemoData } from './demo-data';
