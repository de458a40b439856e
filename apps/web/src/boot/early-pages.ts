// No imports: vite.config.ts reads it too, to list each page's chunks for the boot script.

/** The pages the boot script starts early, and each one's module (relative to src/), whose chunks it preloads. */
export const earlyPageModules = {
  popularDeals: 'features/deals/popular-deals-page.tsx',
  localActivities: 'features/activities/local-activities-page.tsx',
  dealDetails: 'features/deals/deal-details-page.tsx',
} as const;

export type EarlyPageName = keyof typeof earlyPageModules;
