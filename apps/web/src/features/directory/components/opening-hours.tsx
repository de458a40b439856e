import type { ServiceTime } from '@localloop/contract';
import { minutesOf } from '@localloop/contract';
import { formatTimeOfDay, nowIn, timeZoneName, weekOf } from '../format.ts';

/** The week's hours, Monday first, today marked, in the vendor's own time zone. */
export function OpeningHours({ serviceTime, now = new Date() }: { serviceTime: ServiceTime; now?: Date }) {
  const week = weekOf(serviceTime.hours);
  if (week.every((day) => day.ranges.length === 0)) {
    return <p className="text-sm text-slate-600">This vendor has not published opening hours yet.</p>;
  }
  const today = nowIn(serviceTime.time_zone, now);
  const openNow = serviceTime.hours.some(
    (range) => range.weekday === today.weekday && minutesOf(range.opens) <= today.minutes && today.minutes < minutesOf(range.closes),
  );
  return (
    <div>
      <p className="mb-3">
        <span className={`badge ${openNow ? 'bg-teal-100 text-teal-800' : 'bg-slate-100 text-slate-700'}`}>{openNow ? 'Open now' : 'Closed now'}</span>
      </p>
      <table className="w-full text-sm">
        <caption className="sr-only">Opening hours</caption>
        <tbody>
          {week.map((day) => {
            const isToday = day.weekday === today.weekday;
            return (
              <tr key={day.weekday} aria-current={isToday ? 'date' : undefined} className={isToday ? 'bg-teal-50 font-semibold text-teal-900' : 'text-slate-700'}>
                <th scope="row" className="rounded-l-lg py-1.5 pl-2 pr-4 text-left font-medium">
                  {day.name}
                  {isToday && <span className="sr-only"> (today)</span>}
                </th>
                <td className="rounded-r-lg py-1.5 pr-2 text-right">
                  {day.ranges.length === 0 ? (
                    <span className="text-slate-500">Closed</span>
                  ) : (
                    day.ranges.map((range) => (
                      <span key={range.opens} className="block">
                        {formatTimeOfDay(range.opens)} – {formatTimeOfDay(range.closes)}
                      </span>
                    ))
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="mt-3 text-xs text-slate-500">
        Times are local to the vendor: {timeZoneName(serviceTime.time_zone, now)} ({serviceTime.time_zone}).
      </p>
    </div>
  );
}
