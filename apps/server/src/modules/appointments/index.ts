// The appointments module's public surface: its routes (services, providers, slots, bookings), and the slot maths the seed uses.
export { appointmentsRoutes } from './routes.ts';
export { dayBounds, slotsBetween, todayIn } from './slot-maths.ts';
export { allServices } from './catalogue.ts';
