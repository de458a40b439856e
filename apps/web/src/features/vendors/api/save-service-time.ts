import { vendorsEndpoints } from '@localloop/contract';
import type { OwnServiceTime, ServiceTimeInput } from '@localloop/contract';
import { call } from '../../../api/client.ts';

/** PUT /vendor/me/service-time/: replaces every opening range and the time zone (chosen, or the primary address's). */
export function saveServiceTime(body: ServiceTimeInput): Promise<OwnServiceTime> {
  return call(vendorsEndpoints.saveServiceTime, { body });
}
