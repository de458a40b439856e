// Loaded on its own (React.lazy) so that only the vendor page pays for Leaflet and its CSS.
import 'leaflet/dist/leaflet.css';
import type { VendorAddress } from '@localloop/contract';
import { latLngBounds } from 'leaflet';
import { MapContainer, Marker, Popup } from 'react-leaflet';
import { markerIcon } from '../../../components/map/marker-icon.ts';
import { OsmTileLayer } from '../../../components/map/osm-tile-layer.tsx';

type VendorMapProps = {
  name: string;
  addresses: readonly VendorAddress[];
  /** The tiles cannot load: the page shows its static fallback instead. */
  onUnavailable: () => void;
};

/** OpenStreetMap tiles with a marker at each address; one address is shown close up, several all in view. */
export default function VendorMap({ name, addresses, onUnavailable }: VendorMapProps) {
  const first = addresses[0];
  if (!first) return null;
  const view =
    addresses.length === 1
      ? { center: [first.latitude, first.longitude] as [number, number], zoom: 15 }
      : { bounds: latLngBounds(addresses.map((a) => [a.latitude, a.longitude] as [number, number])).pad(0.2) };
  return (
    <MapContainer {...view} scrollWheelZoom={false} className="h-full w-full" aria-label={`Map of ${name}'s addresses`}>
      <OsmTileLayer onUnavailable={onUnavailable} />
      {addresses.map((address) => (
        <Marker key={address.id} position={[address.latitude, address.longitude]} icon={markerIcon} title={address.label || address.formatted_address}>
          <Popup>
            <strong>{address.label || name}</strong>
            <br />
            {address.formatted_address}
          </Popup>
        </Marker>
      ))}
    </MapContainer>
  );
}
