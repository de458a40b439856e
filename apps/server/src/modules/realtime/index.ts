// The realtime module's public surface: the ticket endpoint and the /ws socket. Publishing and the hub (where domains
// register their channel kinds) are lib/realtime.ts, reached through the AppContext's `realtime`.
export { realtimeRoutes } from './routes.ts';
