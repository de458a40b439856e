// The users module's public surface: the account's own routes, the session check's account lookup, and roles.
export { usersRoutes } from './routes.ts';
export { tokenVersionOf } from './service.ts';
export { isOperator, requireOperator } from './roles.ts';
export { avatar, personColumns, toPerson, type PersonBits } from './person.ts';
