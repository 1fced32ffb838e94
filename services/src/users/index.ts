// The public surface of `users`: accounts, sign-up, login, social login and profile images. Other modules import only
// this file.
export { consoleSessionRoutes } from './console-session-routes';
export { userImageRoutes } from './image-routes';
export { loginRoutes } from './login-routes';
export { appleLoginRoutes, authProviderRoutes, oauth2Routes } from './oauth/routes';
export { findCaller, insertUser, passwordCredentialOf } from './repository';
export { passwordPageLink } from './passwords';
export { userRoutes } from './routes';
export { ensureOperatorAccount, isUnderPublicUrl } from './service';
export { type UsersTables } from './table';
