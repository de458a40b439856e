// Loaded on its own (React.lazy) so that only the vendor page pays for Leaflet and its CSS.
import 'leaflet/dist/leaflet.css';
import type { VendorAddress } from '@localloop/contract';
import { icon, latLngBounds } from 'leaflet';
import markerIconUrl from 'leaflet/dist/images/marker-icon.png';
import markerIcon2xUrl from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';

// Leaflet finds its default marker images by a CSS path that a bundler breaks; these are Vite's URLs.
const markerIcon = icon({
  iconUrl: markerIconUrl,
  iconRetinaUrl: markerIcon2xUrl,
  shadowUrl: markerShadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});

type VendorMapProps = { name: string; addresses: readonly VendorAddress[] };

/** OpenStreetMap tiles with a marker at each address; one address is shown close up, several all in view. */
export default function VendorMap({ name, addresses }: VendorMapProps) {
  const first = addresses[0];
  if (!first) return null;
  const view =
    addresses.length === 1
      ? { center: [first.latitude, first.longitude] as [number, number], zoom: 15 }
      : { bounds: latLngBounds(addresses.map((a) => [a.latitude, a.longitude] as [number, number])).pad(0.2) };
  return (
    <MapContainer {...view} scrollWheelZoom={false} className="h-full w-full" aria-label={`Map of ${name}'s addresses`}>
      <TileLayer
        url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
        attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
      />
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
