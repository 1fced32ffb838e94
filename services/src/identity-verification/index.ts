// The public surface of `identity-verification`: a member's adult verification through an identity check (PortOne's,
// or the sandbox's). Other modules import only this file.
export { identityVerificationAdminRoutes } from './admin-routes';
export { identityVerificationRoutes, sandboxIdentityRoutes } from './routes';
export { type IdentityVerificationTables } from './table';
