import { describe, expect, it } from 'vitest';
import { productNames, products } from '../features/product-features/products.ts';
import type { Reader } from '../features/product-features/products.ts';
import { to } from '../paths.ts';
import { outcomeFor } from '../test/route-outcome.ts';

const accountId = '0b9f1c7e-3f0a-4c1e-9d55-1a2b3c4d5e62';
const readers: Reader[] = [
  { role: 'user', canPostDeals: false, vendorIsApproved: false, accountId },
  { role: 'user', canPostDeals: true, vendorIsApproved: true, accountId },
  { role: 'vendor', canPostDeals: true, vendorIsApproved: true, accountId },
  { role: 'vendor', canPostDeals: false, vendorIsApproved: false, accountId },
  { role: 'public', canPostDeals: false, vendorIsApproved: false, accountId: '' },
];

describe('the product features pages\' calls to action', () => {
  it('link every role only to pages that role may open', () => {
    for (const name of productNames) {
      for (const reader of readers) {
        const invitation = products[name].invitation(reader);
        const actions = [...invitation.actions, ...(invitation.aside ? [invitation.aside.action] : [])];
        expect(actions.length, `${name} for ${reader.role}`).toBeGreaterThan(0);
        for (const action of actions) {
          expect(`${name} for ${reader.role}: ${action.label} → ${outcomeFor(action.path, reader)}`).toBe(
            `${name} for ${reader.role}: ${action.label} → render`,
          );
        }
      }
    }
  });

  it('link each other product to a features page the route table accepts', () => {
    for (const name of productNames) {
      expect(outcomeFor(to.productFeatures(name), readers[0] as Reader)).toBe('render');
    }
  });
});
