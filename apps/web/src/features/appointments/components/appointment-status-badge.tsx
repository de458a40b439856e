import { appointmentStatusLabels } from '@localloop/contract';
import type { AppointmentStatus } from '@localloop/contract';

const tones: Record<AppointmentStatus, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  confirmed: 'bg-teal-50 text-teal-900 ring-teal-200',
  completed: 'bg-slate-100 text-slate-800 ring-slate-200',
  cancelled: 'bg-red-50 text-red-800 ring-red-200',
  no_show: 'bg-slate-100 text-slate-700 ring-slate-300',
};

export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tones[status]}`}>{appointmentStatusLabels[status]}</span>;
}
