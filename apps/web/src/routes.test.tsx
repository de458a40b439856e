import { screen } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRouteObjects } from './app/router.tsx';
import { isProductFeaturesSegment, routes } from './routes.tsx';
import type { AppRoute } from './routes.tsx';
import { storeSession, userLogin, vendorLogin } from './test/fixtures.ts';
import { renderApp } from './test/render-app.tsx';

/** The spec's route table (section 2, shared/spec/routes.txt): path and group. */
const specRoutes: [string, string][] = [
  ['/', 'public'],
  ['/Home', 'public'],
  ['/login', 'auth'],
  ['/createAccount', 'auth'],
  ['/OtpVerifyPage', 'auth'],
  ['/PhoneOtp', 'auth'],
  ['/resgisterAccount', 'auth'],
  ['/Register', 'auth'],
  ['/SocialLogin', 'auth'],
  ['/VerifyOtp', 'auth'],
  ['/VerifyOtpForgotPassword', 'auth'],
  ['/ForgotPassword', 'auth'],
  ['/ResetPassword', 'auth'],
  ['/vendor/dashboard', 'vendor'],
  ['/vendor/services', 'vendor'],
  ['/vendor/providers', 'vendor'],
  ['/vendor/providers/add', 'vendor'],
  ['/vendor/providers/edit/{providerId}', 'vendor'],
  ['/appointments', 'vendor'],
  ['/vendor/deal/add', 'vendor'],
  ['/MyDeals/{type?}', 'vendor'],
  ['/mySalesDeal', 'vendor'],
  ['/UserProfile', 'user'],
  ['/VendorList', 'user'],
  ['/PostActivities', 'user'],
  ['/MyActivities/{filterType?}', 'user'],
  ['/mypurchasedeal', 'user'],
  ['/customer/bookings', 'user'],
  ['/services/browse', 'user'],
  ['/services/favorite', 'user'],
  ['/Favorite', 'user'],
  ['/customer/appointment/{serviceId}', 'user'],
  ['/appointment/confirmation/{appointmentId}', 'user'],
  ['/ActivityRequests/{activityId}', 'user'],
  ['/chat/{activityId}/{chatroomId}', 'user'],
  ['/appDownload', 'public-or-user'],
  ['/ActivitiesDetails/{activityId}', 'public-or-user'],
  ['/DealDetails/{deal_uuid}', 'public-or-user'],
  ['/vendor/{userId}', 'public-or-user'],
  ['/PopularDeals', 'public-or-user'],
  ['/LocalActivities', 'public-or-user'],
  ['/Vendor', 'public-or-user'],
  ['/Discover', 'vendor-or-user'],
  ['/MainMenu', 'vendor-or-user'],
  ['/{product}Features', 'vendor-or-user'],
  ['/ContactSupport', 'vendor-or-user'],
  ['/Settings', 'vendor-or-user'],
  ['/BasicInfo', 'vendor-or-user'],
  ['/VendorDocument', 'vendor-or-user'],
  ['/BankDetails', 'vendor-or-user'],
  ['/ServiceTime', 'vendor-or-user'],
  ['/AddAddress', 'vendor-or-user'],
  ['/services/{serviceId}', 'vendor-or-user'],
];

/** The spec writes parameters as {name} and optional ones as {name?}; the router as :name and :name?. */
/** Rows beyond the spec's table: development help, and the operators' page. */
const extraPaths = ['/dev/outbox', '/admin', '/undo-change'];

function toRouterPath(specPath: string): string {
  if (specPath === '/{product}Features') return '/:productFeatures';
  return specPath.replace(/\{(\w+)(\??)\}/g, ':$1$2');
}

function expectedAccess(group: string): Pick<AppRoute, 'guard' | 'roles'> {
  switch (group) {
    case 'public':
      return { guard: 'public', roles: [] };
    case 'auth':
      return { guard: 'auth', roles: [] };
    case 'vendor':
      return { guard: 'protected', roles: ['vendor'] };
    case 'user':
      return { guard: 'protected', roles: ['user'] };
    case 'public-or-user':
      return { guard: 'public', roles: ['user'] };
    case 'vendor-or-user':
      return { guard: 'protected', roles: ['vendor', 'user'] };
    default:
      throw new Error(`unknown group ${group}`);
  }
}

function routeAt(path: string): AppRoute | undefined {
  return routes.find((route) => route.path === path);
}

describe('route table', () => {
  it('has one row for every path of the spec, spelled and cased exactly', () => {
    const specPaths = new Set(specRoutes.map(([path]) => toRouterPath(path)));
    const tablePaths = routes.map((route) => route.path).filter((path) => path !== '*' && !extraPaths.includes(path));
    expect(new Set(tablePaths)).toEqual(specPaths);
    expect(tablePaths).toHaveLength(specPaths.size);
  });

  it.each(specRoutes.filter(([path]) => path !== '/DealDetails/{deal_uuid}'))('guards %s as %s', (specPath, group) => {
    const route = routeAt(toRouterPath(specPath));
    expect(route).toBeDefined();
    expect({ guard: route?.guard, roles: route?.roles }).toEqual(expectedAccess(group));
  });

  it('admits visitors, users and vendors on /DealDetails/:deal_uuid, which the spec lists twice', () => {
    const route = routeAt('/DealDetails/:deal_uuid');
    expect(route?.guard).toBe('public');
    expect(route?.roles).toEqual(['vendor', 'user']);
  });

  it('adds only the public developer outbox and the operators\' page to the spec table', () => {
    expect(routeAt('/dev/outbox')).toMatchObject({ guard: 'public', roles: [] });
    // Any signed-in account; the page itself refuses accounts that are not operators.
    expect(routeAt('/admin')).toMatchObject({ guard: 'protected', roles: [] });
  });

  it('ends with a catch-all Not Found route', () => {
    expect(routeAt('*')).toMatchObject({ guard: 'public', roles: [] });
  });
});

function matchedPath(url: string): string | undefined {
  const matches = matchRoutes(createRouteObjects(), url);
  return matches?.at(-1)?.route.path;
}

describe('route matching', () => {
  it('matches paths case-insensitively, as the header links /home and /vendor rely on', () => {
    expect(matchedPath('/home')).toBe('/Home');
    expect(matchedPath('/HOME')).toBe('/Home');
    expect(matchedPath('/vendor')).toBe('/Vendor');
    expect(matchedPath('/localactivities')).toBe('/LocalActivities');
  });

  it('prefers the static vendor pages over /vendor/:userId', () => {
    expect(matchedPath('/vendor/dashboard')).toBe('/vendor/dashboard');
    expect(matchedPath('/vendor/services')).toBe('/vendor/services');
    expect(matchedPath('/vendor/abc-123')).toBe('/vendor/:userId');
    expect(matchedPath('/services/browse')).toBe('/services/browse');
    expect(matchedPath('/services/42')).toBe('/services/:serviceId');
  });

  it('treats the type of /MyDeals and the filter of /MyActivities as optional', () => {
    expect(matchedPath('/MyDeals')).toBe('/MyDeals/:type?');
    expect(matchedPath('/MyDeals/active')).toBe('/MyDeals/:type?');
    expect(matchedPath('/MyActivities')).toBe('/MyActivities/:filterType?');
    expect(matchedPath('/MyActivities/joined')).toBe('/MyActivities/:filterType?');
  });

  it('sends unknown paths to the catch-all', () => {
    expect(matchedPath('/no/such/page')).toBe('*');
  });

  it('recognises a /{product}Features segment only for the four products, in any case', () => {
    expect(isProductFeaturesSegment('DealsFeatures')).toBe(true);
    expect(isProductFeaturesSegment('servicesfeatures')).toBe(true);
    expect(isProductFeaturesSegment('ACTIVITIESFEATURES')).toBe(true);
    expect(isProductFeaturesSegment('VendorsFeatures')).toBe(true);
    expect(isProductFeaturesSegment('FooFeatures')).toBe(false);
    expect(isProductFeaturesSegment('DealFeatures')).toBe(false);
    expect(isProductFeaturesSegment('Features')).toBe(false);
    expect(isProductFeaturesSegment('Deals')).toBe(false);
    expect(isProductFeaturesSegment(undefined)).toBe(false);
  });
});

describe('routes in the app', () => {
  it('shows the landing page at / and at /Home, also when linked as /home', async () => {
    for (const path of ['/', '/Home', '/home']) {
      const app = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: /around the corner/ })).toBeInTheDocument();
      app.unmount();
    }
  });

  it('shows Find Vendors at /vendor, the lower-case spelling of /Vendor', async () => {
    renderApp('/vendor');
    expect(await screen.findByRole('heading', { name: 'Find Vendors' })).toBeInTheDocument();
  });

  it('shows /Discover, titled, to a signed-in vendor (every route of the table has its own page now)', async () => {
    storeSession(vendorLogin);
    renderApp('/Discover');
    expect(await screen.findByRole('heading', { level: 1, name: 'Discover' })).toBeInTheDocument();
    expect(screen.queryByText('This part of LocalLoop is on its way.')).not.toBeInTheDocument();
  });

  it('shows a product features page, titled after the product, to a signed-in user', async () => {
    storeSession(userLogin);
    renderApp('/DealsFeatures');
    expect(await screen.findByRole('heading', { level: 1, name: 'Deals Features' })).toBeInTheDocument();
  });

  it('shows Not Found for an unknown single-segment path, even to a visitor', async () => {
    const app = renderApp('/NoSuchThing');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/NoSuchThing');
  });

  it('shows Not Found for an unknown deeper path', async () => {
    renderApp('/a/b/c');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
