// The notifications module's public surface: its routes, and writing or listing a person's notifications.
export { notificationsRoutes } from './routes.ts';
export { notify, notifyStatement, readNotifications } from './service.ts';
