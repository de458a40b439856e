// Loaded on its own (React.lazy): only the pages that place a pin pay for Leaflet and its CSS.
import 'leaflet/dist/leaflet.css';
import type { LeafletMouseEvent, Marker as LeafletMarker } from 'leaflet';
import { useEffect, useRef } from 'react';
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import { markerIcon } from './marker-icon.ts';
import { OsmTileLayer } from './osm-tile-layer.tsx';

export type MapPoint = { latitude: number; longitude: number };

/** Arrow keys move the focused pin this many screen pixels (with Shift, five times as far): a few metres close up. */
export const pinStepPx = 10;

type PinMapProps = {
  /** Where the pin is; null before anything placed it (the map then shows `center` and waits for a click). */
  pin: MapPoint | null;
  center: MapPoint;
  /** The pin was dragged, moved with the keyboard, or the map was clicked. */
  onPlace: (point: MapPoint) => void;
  onUnavailable: () => void;
};

const round = (value: number) => Math.round(value * 1e6) / 1e6;

/** Brings a pin placed from outside (a search, the device's position) into view, close up. */
function FollowPin({ pin }: { pin: MapPoint | null }) {
  const map = useMap();
  const latitude = pin?.latitude;
  const longitude = pin?.longitude;
  useEffect(() => {
    if (latitude === undefined || longitude === undefined) return;
    if (!map.getBounds().pad(-0.2).contains([latitude, longitude]) || map.getZoom() < 15) {
      // Without animation: a page that saves and moves on at once would unmount the map mid-zoom, and Leaflet's end of
      // the transition would then read a removed pane (`_leaflet_pos` of undefined).
      map.setView([latitude, longitude], Math.max(map.getZoom(), 16), { animate: false });
    }
  }, [map, latitude, longitude]);
  return null;
}

function ClickToPlace({ onPlace }: { onPlace: (point: MapPoint) => void }) {
  useMapEvents({
    click: (event: LeafletMouseEvent) => onPlace({ latitude: round(event.latlng.lat), longitude: round(event.latlng.lng) }),
  });
  return null;
}

const keyMoves: Record<string, [number, number]> = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/** The pin: dragged with a mouse or a finger, or focused (Tab) and moved with the arrow keys. */
function DraggablePin({ pin, onPlace }: { pin: MapPoint; onPlace: (point: MapPoint) => void }) {
  const map = useMap();
  const marker = useRef<LeafletMarker>(null);
  const place = useRef(onPlace);
  useEffect(() => {
    place.current = onPlace;
  });

  useEffect(() => {
    const element = marker.current?.getElement();
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const move = keyMoves[event.key];
      const current = marker.current?.getLatLng();
      if (!move || !current) return;
      event.preventDefault();
      event.stopPropagation();
      const step = event.shiftKey ? pinStepPx * 5 : pinStepPx;
      const at = map.latLngToContainerPoint(current);
      const next = map.containerPointToLatLng([at.x + move[0] * step, at.y + move[1] * step]);
      map.panInside(next, { padding: [40, 40], animate: false });
      place.current({ latitude: round(next.lat), longitude: round(next.lng) });
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [map]);

  return (
    <Marker
      ref={marker}
      position={[pin.latitude, pin.longitude]}
      icon={markerIcon}
      draggable
      keyboard
      alt="Address pin: drag it, or press the arrow keys, to place it on the entrance"
      eventHandlers={{
        dragend: () => {
          const at = marker.current?.getLatLng();
          if (at) place.current({ latitude: round(at.lat), longitude: round(at.lng) });
        },
      }}
    />
  );
}

/** A map to place one address with a pin: click the map, drag the pin, or move it with the keyboard. */
export default function PinMap({ pin, center, onPlace, onUnavailable }: PinMapProps) {
  const start = pin ?? center;
  return (
    <MapContainer center={[start.latitude, start.longitude]} zoom={pin ? 16 : 12} scrollWheelZoom={false} className="h-full w-full">
      <OsmTileLayer onUnavailable={onUnavailable} />
      <FollowPin pin={pin} />
      <ClickToPlace onPlace={onPlace} />
      {pin && <DraggablePin pin={pin} onPlace={onPlace} />}
    </MapContainer>
  );
}
