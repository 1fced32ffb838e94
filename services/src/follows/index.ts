// The public surface of `follows`: following creators. Other modules import only this file.
export { followRoutes } from './routes';
