/**
 * Typed calls of the system administration pages (issue 4), one file per resource;
 * `@/services/sys-admin` answers all of them. Paths are relative to /api; shapes follow
 * modules/sys/*_handlers.go.
 */
export * from './common';
export * from './users';
export * from './roles';
export * from './menus';
export * from './apis';
export * from './orgs';
export * from './areas';
export * from './dict';
export * from './logs';
