/** One IANA zone as the picker shows it: "New York", "America", "Eastern Time", "UTC−05:00". */
export type TimeZoneOption = { id: string; city: string; region: string; name: string; offset: string; search: string };

/** The browser's own time zone: a new vendor's hours start there until an address says otherwise. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Every IANA zone the browser knows, with `current` kept even when the list lacks it (an alias, or UTC). */
export function timeZoneIds(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  return zones.includes(current) ? zones : [current, ...zones];
}

function part(zone: string, style: 'long' | 'longOffset', now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: style }).formatToParts(now).find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/** "GMT-05:00" → "UTC−05:00"; "GMT" → "UTC±00:00". */
function offsetLabel(gmt: string): string {
  if (gmt === 'GMT' || gmt === '') return 'UTC±00:00';
  return gmt.replace('GMT', 'UTC').replace('-', '−');
}

/** Lower case, accents and punctuation folded, so "sao paulo" finds America/Sao_Paulo and "utc-5" finds UTC−05:00. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/−/g, '-')
    .replace(/[_/,()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The zone as people read it. */
export function describeTimeZone(id: string, now: Date = new Date()): TimeZoneOption {
  const segments = id.split('/');
  const city = (segments.at(-1) ?? id).replaceAll('_', ' ');
  const region = segments.length > 1 ? segments.slice(0, -1).join(' / ').replaceAll('_', ' ') : '';
  const name = part(id, 'long', now);
  const offset = offsetLabel(part(id, 'longOffset', now));
  // The offset is searchable as people type it: "utc-5", "gmt+5:30", as well as "UTC−05:00".
  const signed = offset.replace(/^UTC/, '').replace('−', '-');
  const short = /^([+-])0?(\d+):(\d\d)$/.exec(signed);
  const hours = short ? `${short[1]}${short[2]}${short[3] === '00' ? '' : `:${short[3]}`}` : signed;
  return { id, city, region, name, offset, search: foldForSearch(`${id} ${city} ${region} ${name} ${offset} utc${hours} gmt${hours}`) };
}

/** "New York (Eastern Time, UTC−05:00)": a zone in one line. */
export function timeZoneLabel(option: TimeZoneOption): string {
  const details = [option.name, option.offset].filter(Boolean).join(', ');
  return details ? `${option.city} (${details})` : option.city;
}

/** The options whose text holds every typed word, the ones whose city starts with the text first; at most `limit`. */
export function searchTimeZones(options: readonly TimeZoneOption[], text: string, limit = 50): TimeZoneOption[] {
  const query = foldForSearch(text);
  if (!query) return options.slice(0, limit);
  const words = query.split(' ');
  const matches = options.filter((option) => words.every((word) => option.search.includes(word)));
  const startsWith = (option: TimeZoneOption) => (foldForSearch(option.city).startsWith(query) ? 0 : 1);
  return [...matches].sort((a, b) => startsWith(a) - startsWith(b)).slice(0, limit);
}
