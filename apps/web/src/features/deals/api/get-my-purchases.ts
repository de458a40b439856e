import { dealsEndpoints, PurchaseList } from '@localloop/contract';
import type { PurchaseStatus } from '@localloop/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, call, networkErrorCode } from '../../../api/client.ts';
import { errorMessageOf } from '../../../components/server-errors.ts';
import { useAccountId } from '../../../session/auth-context.tsx';
import { getSavedPurchases, storeSavedPurchases } from '../../../session/storage.ts';

export type PurchasesTab = 'all' | PurchaseStatus;

export const myPurchasesKeyPrefix = ['deals', 'purchases', 'mine'] as const;

/** Enough for years of a person's orders on one screen; the QR codes of all of them are then saved for offline use. */
export const purchasesPageSize = 50;

/** The list as the page shows it: fresh from the server, or the copy saved on this device when the server cannot be reached. */
export type PurchasesView = PurchaseList & {
  /** When the shown list is the saved copy: when it was saved, and why the fresh one could not be had. */
  saved: { savedAt: string; offline: boolean; reason: string } | null;
};

const SavedTabs = z.record(z.string(), PurchaseList);

function savedTabsOf(accountId: string): { savedAt: string; tabs: Record<string, PurchaseList> } | null {
  const saved = getSavedPurchases(accountId);
  if (!saved) return null;
  const parsed = SavedTabs.safeParse(saved.data);
  return parsed.success ? { savedAt: saved.savedAt, tabs: parsed.data } : null;
}

/** Keeps this tab's fresh list beside the other tabs' saved ones. */
function save(accountId: string, tab: PurchasesTab, list: PurchaseList): void {
  const tabs = savedTabsOf(accountId)?.tabs ?? {};
  storeSavedPurchases(accountId, { ...tabs, [tab]: list });
}

/** The saved copy of a tab; a tab never opened online is cut from the saved "all" list. */
function savedTab(accountId: string, tab: PurchasesTab): { savedAt: string; list: PurchaseList } | null {
  const saved = savedTabsOf(accountId);
  if (!saved) return null;
  const own = saved.tabs[tab];
  if (own) return { savedAt: saved.savedAt, list: own };
  const all = saved.tabs.all;
  if (!all || tab === 'all') return null;
  const results = all.results.filter((purchase) => purchase.status === tab);
  return { savedAt: saved.savedAt, list: { ...all, count: results.length, results } };
}

export function getMyPurchasesQueryOptions(accountId: string, tab: PurchasesTab) {
  return queryOptions({
    queryKey: [...myPurchasesKeyPrefix, accountId, tab],
    queryFn: async ({ signal }): Promise<PurchasesView> => {
      try {
        const list = await call(dealsEndpoints.myPurchases, { query: { status: tab === 'all' ? undefined : tab, page_size: purchasesPageSize }, signal });
        save(accountId, tab, list);
        return { ...list, saved: null };
      } catch (error) {
        // At the shop's counter the network may be gone: the codes saved last time still open the purchase.
        const saved = error instanceof ApiError ? savedTab(accountId, tab) : null;
        if (!saved || !(error instanceof ApiError)) throw error;
        return { ...saved.list, saved: { savedAt: saved.savedAt, offline: error.code === networkErrorCode, reason: errorMessageOf(error) } };
      }
    },
    // Run even when the browser says it is offline (the default would pause the query and spin): the saved copy answers then.
    networkMode: 'always',
  });
}

/** The signed-in person's deal purchases, newest first, of one status or all; the saved copy when offline. */
export function useMyPurchases(tab: PurchasesTab) {
  const accountId = useAccountId();
  return useQuery({ ...getMyPurchasesQueryOptions(accountId, tab), enabled: accountId !== '' });
}
