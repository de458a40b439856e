import { endpoints } from '@localloop/contract';
import type { ServiceTime, ServiceTimeInput } from '@localloop/contract';
import { call } from '../../../api/client.ts';

/** PUT /vendor/me/service-time/: replaces every opening range and the time zone. */
export function saveServiceTime(body: ServiceTimeInput): Promise<ServiceTime> {
  return call(endpoints.saveServiceTime, { body });
}
