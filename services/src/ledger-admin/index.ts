// The public surface of `ledger-admin`: the ledger console routes. Other modules import only this file.
export { ledgerAdminRoutes } from './routes';
