// The admin module's public surface: the operators' routes, and the operator CLI's service functions.
export { adminRoutes } from './routes.ts';
export { listOperators, setOperator } from './service.ts';
