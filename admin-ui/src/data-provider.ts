import simpleRestProvider from 'ra-data-simple-rest';

/** The operator console speaks the ra-data-simple-rest dialect to `/api/admin`. */
export const dataProvider = simpleRestProvider('/api/admin');
