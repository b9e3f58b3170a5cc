// What the other areas of the server may use of desk/: the manager's desk's routes and its gate's. Everything else in the
// folder is its own (eslint.config.js refuses an import from another area past this file).
export { default as deskRoutes } from './routes.ts';
export { default as deskGateRoutes } from './gate-routes.ts';
export { dropSpentInvitations } from './staff-sql.ts';
