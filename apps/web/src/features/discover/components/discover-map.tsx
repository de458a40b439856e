// Loaded on its own (React.lazy): the list view, and whoever never opens the map, do not pay for Leaflet and its CSS.
import 'leaflet/dist/leaflet.css';
import { divIcon, latLngBounds, type DivIcon, type Marker as LeafletMarker } from 'leaflet';
import { useEffect, useRef, type RefObject } from 'react';
import { CircleMarker, MapContainer, Marker, Popup, useMap } from 'react-leaflet';
import { Link } from 'react-router';
import { OsmTileLayer } from '../../../components/map/osm-tile-layer.tsx';
import { kindLooks, type DiscoverItem, type DiscoverKind } from '../kinds.ts';

export type MappedItem = DiscoverItem & { latitude: number; longitude: number };

type DiscoverMapProps = {
  /** The area the page is about: the map's centre when there is nothing to show, marked as "Your area". */
  center: { latitude: number; longitude: number; label: string };
  items: readonly MappedItem[];
  /** The key of the item whose popup is open (chosen on the map or in the list); null for none. */
  selectedKey: string | null;
  onSelect: (key: string | null) => void;
  /** The tiles cannot load: the page says so; the markers stay, on a blank ground. */
  onUnavailable: () => void;
};

/**
 * The kind's pin: its letter on its colour, a white ring, larger when chosen; `shift` moves it off its point by a few
 * pixels (things at one address: a shop, its deals and its services), so none hides another at any zoom.
 */
function pinOf(kind: DiscoverKind, selected: boolean, shift: [number, number]): DivIcon {
  const look = kindLooks[kind];
  const size = selected ? 36 : 28;
  return divIcon({
    className: '',
    html: `<span class="flex items-center justify-center rounded-full border-2 border-white font-bold text-white shadow-md ${look.pinClass} ${selected ? 'size-9 text-base ring-4 ring-slate-900/40' : 'size-7 text-sm'}">${look.letter}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2 - shift[0], size / 2 - shift[1]],
    popupAnchor: [shift[0], shift[1] - size / 2],
  });
}

const pins = new Map<string, DivIcon>();
const pinFor = (kind: DiscoverKind, selected: boolean, shift: [number, number]) => {
  const key = `${kind}-${selected}-${shift.join(',')}`;
  let pin = pins.get(key);
  if (!pin) pins.set(key, (pin = pinOf(kind, selected, shift)));
  return pin;
};

/** Each thing's shift: things within about 100 m of each other (a shop and its offers) sit on a ring around their point, pins apart. */
function shiftsOf(items: readonly MappedItem[]): Map<string, [number, number]> {
  const byPlace = new Map<string, string[]>();
  for (const item of items) {
    const place = `${item.latitude.toFixed(3)},${item.longitude.toFixed(3)}`;
    byPlace.set(place, [...(byPlace.get(place) ?? []), item.key]);
  }
  const shifts = new Map<string, [number, number]>();
  for (const ids of byPlace.values()) {
    // A pin (28 px) and a little air for each on the ring's circumference.
    const radius = ids.length === 1 ? 0 : Math.max(16, Math.ceil((ids.length * 31) / (2 * Math.PI)));
    ids.forEach((id, i) => {
      const angle = (2 * Math.PI * i) / ids.length - Math.PI / 2;
      shifts.set(id, [Math.round(radius * Math.cos(angle)), Math.round(radius * Math.sin(angle))]);
    });
  }
  return shifts;
}

/** Every thing and the area in view; again when the things change (another theme), not when one is chosen. */
function FitToItems({ center, items }: Pick<DiscoverMapProps, 'center' | 'items'>) {
  const map = useMap();
  // The points as text: the effect runs when they change, not on every render's new array.
  const pointsText = JSON.stringify([[center.latitude, center.longitude], ...items.map((item) => [item.latitude, item.longitude])]);
  useEffect(() => {
    const points = JSON.parse(pointsText) as [number, number][];
    const [only] = points;
    if (points.length === 1 && only) map.setView(only, 12, { animate: false });
    // Room for the pins themselves (and their rings) inside the edges.
    else map.fitBounds(latLngBounds(points), { animate: false, maxZoom: 15, padding: [40, 40] });
  }, [map, pointsText]);
  return null;
}

/** Opens the chosen thing's popup, bringing it into view (chosen from the list, the map may not show it). */
function FollowSelection({ selectedKey, markers }: { selectedKey: string | null; markers: RefObject<Map<string, LeafletMarker>> }) {
  const map = useMap();
  useEffect(() => {
    if (!selectedKey) return;
    const marker = markers.current.get(selectedKey);
    if (!marker) return;
    // Without animation: a view switched away mid-pan would leave Leaflet reading a removed pane.
    if (!map.getBounds().contains(marker.getLatLng())) map.setView(marker.getLatLng(), Math.max(map.getZoom(), 14), { animate: false });
    if (!marker.isPopupOpen()) marker.openPopup();
  }, [map, markers, selectedKey]);
  return null;
}

/** One map of what is near the person: a pin per thing (its kind's letter and colour), its popup naming it with a link. */
export default function DiscoverMap({ center, items, selectedKey, onSelect, onUnavailable }: DiscoverMapProps) {
  const markers = useRef(new Map<string, LeafletMarker>());
  const shifts = shiftsOf(items);
  return (
    <MapContainer center={[center.latitude, center.longitude]} zoom={12} scrollWheelZoom={false} className="h-full w-full" aria-label={`Map of what is near ${center.label}`}>
      <OsmTileLayer onUnavailable={onUnavailable} />
      <FitToItems center={center} items={items} />
      {/* The area's point, named in the key beside the map (a label on it would cover the pins of things there). */}
      <CircleMarker center={[center.latitude, center.longitude]} radius={7} interactive={false} pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#0f172a', fillOpacity: 1 }} />
      {items.map((item) => {
        const look = kindLooks[item.kind];
        return (
          <Marker
            key={item.key}
            ref={(marker) => {
              if (marker) markers.current.set(item.key, marker);
              else markers.current.delete(item.key);
            }}
            position={[item.latitude, item.longitude]}
            icon={pinFor(item.kind, item.key === selectedKey, shifts.get(item.key) ?? [0, 0])}
            title={`${look.one[0]?.toUpperCase()}${look.one.slice(1)}: ${item.name}`}
            keyboard
            zIndexOffset={item.key === selectedKey ? 1000 : 0}
            eventHandlers={{
              click: () => onSelect(item.key),
              popupclose: () => {
                if (item.key === selectedKey) onSelect(null);
              },
            }}
          >
            <Popup>
              <span className="block text-xs font-semibold uppercase tracking-wide text-slate-600">{look.one}</span>
              <strong className="block text-sm text-slate-900 [overflow-wrap:anywhere]">{item.name}</strong>
              {item.detail && <span className="mt-0.5 block text-xs text-slate-600 [overflow-wrap:anywhere]">{item.detail}</span>}
              <Link to={item.to} aria-label={`Open ${look.one}: ${item.name}`} className="mt-1.5 inline-block text-sm font-semibold text-teal-800 underline">
                Open {look.one}
              </Link>
            </Popup>
          </Marker>
        );
      })}
      <FollowSelection selectedKey={selectedKey} markers={markers} />
    </MapContainer>
  );
}
