// The public surface of `admin`: the react-admin API shell and the simple-rest list helpers. Other modules import only
// this file.
export { adminRoutes } from './routes';
export { listQuerySchema, listWindow, type ListWindow, withContentRange } from './simple-rest';
