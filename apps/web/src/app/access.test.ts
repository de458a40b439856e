import { describe, expect, it } from 'vitest';
import { decideAccess } from './access.ts';
import type { AccessState } from './access.ts';

const loading: AccessState = { loading: true, isAuthenticated: false, userRole: 'public' };
const visitor: AccessState = { loading: false, isAuthenticated: false, userRole: 'public' };
const user: AccessState = { loading: false, isAuthenticated: true, userRole: 'user' };
const vendor: AccessState = { loading: false, isAuthenticated: true, userRole: 'vendor' };
/** A session whose data names neither a vendor nor a user. */
const roleless: AccessState = { loading: false, isAuthenticated: true, userRole: 'public' };

describe('decideAccess', () => {
  describe('while the auth state loads', () => {
    it.each(['public', 'auth', 'protected'] as const)('renders nothing on a %s route', (guard) => {
      expect(decideAccess(guard, [], loading)).toEqual({ kind: 'wait' });
      expect(decideAccess(guard, ['vendor'], loading)).toEqual({ kind: 'wait' });
    });
  });

  describe('auth routes (login and registration)', () => {
    it('redirects an authenticated vendor to /vendor/dashboard', () => {
      expect(decideAccess('auth', [], vendor)).toEqual({ kind: 'redirect', to: '/vendor/dashboard' });
    });
    it('redirects an authenticated user to /LocalActivities', () => {
      expect(decideAccess('auth', [], user)).toEqual({ kind: 'redirect', to: '/LocalActivities' });
    });
    it('shows the page to a visitor', () => {
      expect(decideAccess('auth', [], visitor)).toEqual({ kind: 'render' });
    });
    it('shows the page to anyone else, such as a session without a role', () => {
      expect(decideAccess('auth', [], roleless)).toEqual({ kind: 'render' });
    });
  });

  describe('public routes', () => {
    it('always render without a role list', () => {
      for (const state of [visitor, user, vendor, roleless]) {
        expect(decideAccess('public', [], state)).toEqual({ kind: 'render' });
      }
    });
    it('show a "public or user" page to visitors and users', () => {
      expect(decideAccess('public', ['user'], visitor)).toEqual({ kind: 'render' });
      expect(decideAccess('public', ['user'], user)).toEqual({ kind: 'render' });
    });
    it('send a vendor from a "public or user" page to /vendor/dashboard', () => {
      expect(decideAccess('public', ['user'], vendor)).toEqual({ kind: 'redirect', to: '/vendor/dashboard' });
    });
    it('admit visitors, users and vendors on a page listed for public, user and vendor', () => {
      for (const state of [visitor, user, vendor]) {
        expect(decideAccess('public', ['vendor', 'user'], state)).toEqual({ kind: 'render' });
      }
    });
  });

  describe('protected routes', () => {
    it('send a visitor to /login', () => {
      expect(decideAccess('protected', ['vendor'], visitor)).toEqual({ kind: 'redirect', to: '/login' });
      expect(decideAccess('protected', [], visitor)).toEqual({ kind: 'redirect', to: '/login' });
    });
    it('render for a role in the allowed list', () => {
      expect(decideAccess('protected', ['vendor'], vendor)).toEqual({ kind: 'render' });
      expect(decideAccess('protected', ['user'], user)).toEqual({ kind: 'render' });
      expect(decideAccess('protected', ['vendor', 'user'], user)).toEqual({ kind: 'render' });
    });
    it('send a user on a vendor page to /LocalActivities', () => {
      expect(decideAccess('protected', ['vendor'], user)).toEqual({ kind: 'redirect', to: '/LocalActivities' });
    });
    it('send a vendor on a user page to /vendor/dashboard', () => {
      expect(decideAccess('protected', ['user'], vendor)).toEqual({ kind: 'redirect', to: '/vendor/dashboard' });
    });
    it('send any other role outside the list to /', () => {
      expect(decideAccess('protected', ['user'], roleless)).toEqual({ kind: 'redirect', to: '/' });
    });
    it('admit any authenticated role when the allowed list is empty', () => {
      for (const state of [user, vendor, roleless]) {
        expect(decideAccess('protected', [], state)).toEqual({ kind: 'render' });
      }
    });
  });

  describe('a page of the signed-in account\'s own (an owner parameter)', () => {
    it('admits a vendor on its own "public or user" page, and still sends it from anyone else\'s to /vendor/dashboard', () => {
      expect(decideAccess('public', ['user'], vendor, { isOwnPage: true })).toEqual({ kind: 'render' });
      expect(decideAccess('public', ['user'], vendor, { isOwnPage: false })).toEqual({ kind: 'redirect', to: '/vendor/dashboard' });
      expect(decideAccess('public', ['user'], vendor)).toEqual({ kind: 'redirect', to: '/vendor/dashboard' });
    });
    it('changes nothing for visitors and users, nor on auth or protected routes for a visitor', () => {
      expect(decideAccess('public', ['user'], visitor, { isOwnPage: true })).toEqual({ kind: 'render' });
      expect(decideAccess('public', ['user'], user, { isOwnPage: true })).toEqual({ kind: 'render' });
      expect(decideAccess('auth', [], vendor, { isOwnPage: true })).toEqual({ kind: 'redirect', to: '/vendor/dashboard' });
      expect(decideAccess('protected', ['user'], visitor, { isOwnPage: true })).toEqual({ kind: 'redirect', to: '/login' });
      expect(decideAccess('public', ['user'], loading, { isOwnPage: true })).toEqual({ kind: 'wait' });
    });
  });
});

