export * from './errors.ts';
export * from './auth.ts';
export * from './health.ts';
export * from './endpoints.ts';
export * from './account.ts';
export * from './common-passwords.ts';
export * from './geo.ts';
export * from './notifications.ts';
