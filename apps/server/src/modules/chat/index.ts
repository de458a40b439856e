// The chat module's public surface: its routes, and deciding chat requests inside another module's transaction.
export { chatRoutes } from './routes.ts';
export { decideChatRequestsIn } from './requests.ts';
export { isRoomMember } from './shared.ts';
