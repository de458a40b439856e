import { z } from 'zod';

/** What a vendor does, chosen from these: vendors, services, deals and activities are filtered by it. */
export const vendorCategories = [
  'Food & Drink',
  'Beauty & Wellness',
  'Fitness & Sports',
  'Health & Care',
  'Home Services',
  'Shopping & Retail',
  'Education & Classes',
  'Arts & Entertainment',
  'Events & Venues',
  'Automotive',
  'Pets',
  'Professional Services',
  'Other',
] as const;
export const VendorCategory = z.enum(vendorCategories, { error: 'Choose a category.' });
export type VendorCategory = z.infer<typeof VendorCategory>;
