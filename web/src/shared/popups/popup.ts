export type { Popup } from '@fanmission/contracts';
