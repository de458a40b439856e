import { describe, expect, expectTypeOf, it } from 'vitest';
import { endpoints, type Endpoint, type ParamsOf, type QueryOf } from './endpoints.ts';
import { LoginResponse } from './auth.ts';
import { Latitude, LongitudeNumber } from './common.ts';

describe('the endpoint table', () => {
  it('names each method and path once', () => {
    const table: Endpoint[] = Object.values(endpoints);
    const keys = table.flatMap((e) => [e.path, ...(e.aliases ?? [])].map((p) => `${e.method} ${p}`));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('writes every path from the root of /api', () => {
    for (const e of Object.values(endpoints)) expect(e.path).toMatch(/^\/[A-Za-z]/);
  });

  it('types what a caller sends in the path and the query string from the schemas', () => {
    expectTypeOf<ParamsOf<typeof endpoints.adminVendor>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<ParamsOf<typeof endpoints.vendorList>>().toEqualTypeOf<undefined>();
    expectTypeOf<QueryOf<typeof endpoints.vendorList>>().toHaveProperty('radius_km');
    expectTypeOf<QueryOf<typeof endpoints.notifications>>().toEqualTypeOf<{ page?: unknown; page_size?: unknown; is_read?: 'true' | 'false' | undefined }>();
    expectTypeOf<QueryOf<typeof endpoints.profile>>().toEqualTypeOf<undefined>();
  });
});

describe('LoginResponse', () => {
  it('accepts the spec example of a user who is not a vendor', () => {
    const body = {
      access: 'a',
      refresh: 'r',
      user: { id: '0b9f6a52-8f5b-4b8f-9d3f-2d3f1c2b1a00', phone_number: '+15550000001', email: 'user@example.com' },
      vendor_id: null,
      is_approved: false,
      kyc_status: null,
    };
    expect(LoginResponse.parse(body)).toEqual(body);
  });

  it('refuses a KYC status outside the four known ones', () => {
    const result = LoginResponse.safeParse({
      access: 'a',
      refresh: 'r',
      user: { id: '0b9f6a52-8f5b-4b8f-9d3f-2d3f1c2b1a00', phone_number: null, email: null },
      vendor_id: '0b9f6a52-8f5b-4b8f-9d3f-2d3f1c2b1a01',
      is_approved: false,
      kyc_status: 'maybe',
    });
    expect(result.success).toBe(false);
  });
});

describe('coordinates', () => {
  it('keep 7 decimals (about a centimetre), so a subnormal number, on which PostgreSQL\'s trigonometry underflows, becomes 0', () => {
    expect(Latitude.parse('40.712776')).toBe(40.712776);
    expect(Latitude.parse('40.71277649')).toBe(40.7127765);
    expect(LongitudeNumber.parse(5e-324)).toBe(0);
    expect(LongitudeNumber.parse(-73.9857)).toBe(-73.9857);
    expect(LongitudeNumber.safeParse('-73.9857').success).toBe(false);
    expect(Latitude.safeParse('90.1').success).toBe(false);
  });
});
