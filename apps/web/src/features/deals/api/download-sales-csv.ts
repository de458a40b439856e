import { dealsEndpoints } from '@localloop/contract';
import { callBlob } from '../../../api/client.ts';
import { salesQueryOf, type SalesFilter } from './get-sales.ts';

/** The file's name as the server would give it: the range, or the day it was made. */
function fileNameOf(filter: Omit<SalesFilter, 'page'>, today: string): string {
  const range = [filter.from, filter.to].filter(Boolean).join('_to_');
  return `sales_${range || today}.csv`;
}

/** Saves the sales of the filter as a CSV file (the call carries the session, so a plain link cannot fetch it). */
export async function downloadSalesCsv(vendorId: string, filter: Omit<SalesFilter, 'page'>, today: string): Promise<void> {
  const blob = await callBlob(dealsEndpoints.vendorSalesCsv, { params: { id: vendorId }, query: salesQueryOf(filter) });
  const url = URL.createObjectURL(new Blob([blob], { type: 'text/csv;charset=utf-8' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileNameOf(filter, today);
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file to the browser.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
