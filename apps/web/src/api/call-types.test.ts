import { accountEndpoints, devEndpoints, directoryEndpoints, notificationsEndpoints } from '@localloop/contract';
import { describe, expectTypeOf, it } from 'vitest';
import { call } from './client.ts';

// The compiler is the test here (npm run typecheck): each @ts-expect-error fails the typecheck if its line compiles.
// The calls sit in functions that are never run, so nothing goes over the network.
const id = '0b9f1c7e-3f0a-4c1e-9d55-1a2b3c4d5e61';

describe("call()'s arguments, typed by the endpoint's schemas", () => {
  it("refuses a query key the endpoint's schema does not have", () => {
    const spelt = () => call(directoryEndpoints.vendorList, { query: { radius_km: 25, q: 'bakery' } });
    // @ts-expect-error radius_kms is not a key of VendorListQuery
    const misspelt = () => call(directoryEndpoints.vendorList, { query: { radius_kms: 25 } });
    // @ts-expect-error the profile takes no query at all
    const unexpected = () => call(accountEndpoints.profile, { query: { page: 1 } });
    expectTypeOf(spelt).toBeFunction();
    expectTypeOf(misspelt).toBeFunction();
    expectTypeOf(unexpected).toBeFunction();
  });

  it('refuses a query value of the wrong kind, and a missing required one', () => {
    const spelt = () => call(notificationsEndpoints.notifications, { query: { page: 1, is_read: 'false' } });
    // @ts-expect-error is_read is 'true' or 'false' in the query string
    const wrongValue = () => call(notificationsEndpoints.notifications, { query: { is_read: false } });
    // @ts-expect-error the outbox needs `to`
    const missingKey = () => call(devEndpoints.devOutbox, { query: {} });
    // @ts-expect-error nor may the query be left out
    const missingQuery = () => call(devEndpoints.devOutbox);
    expectTypeOf(spelt).toBeFunction();
    expectTypeOf(wrongValue).toBeFunction();
    expectTypeOf(missingKey).toBeFunction();
    expectTypeOf(missingQuery).toBeFunction();
  });

  it('needs every path parameter, spelt as the schema spells it', () => {
    const spelt = () => call(directoryEndpoints.vendorPublic, { params: { user_id: id } });
    // @ts-expect-error /vendor/{user_id}/ cannot be called without its user_id
    const missingParams = () => call(directoryEndpoints.vendorPublic);
    // @ts-expect-error nor with an empty params
    const emptyParams = () => call(directoryEndpoints.vendorPublic, { params: {} });
    // @ts-expect-error nor with another name for it
    const misspelt = () => call(directoryEndpoints.vendorPublic, { params: { userId: id } });
    // @ts-expect-error the profile has no path parameters
    const unexpected = () => call(accountEndpoints.profile, { params: { id } });
    expectTypeOf(spelt).toBeFunction();
    expectTypeOf(missingParams).toBeFunction();
    expectTypeOf(emptyParams).toBeFunction();
    expectTypeOf(misspelt).toBeFunction();
    expectTypeOf(unexpected).toBeFunction();
  });
});
