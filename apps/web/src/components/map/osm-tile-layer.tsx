import { useEffect, useRef } from 'react';
import { TileLayer } from 'react-leaflet';

/** No tile loaded after this long: the tile server is out of reach (a network that never answers). */
export const tileTimeoutMs = 10_000;
/** This many failed tiles before any loaded: the first view cannot be drawn. */
const failuresBeforeGivingUp = 4;

type OsmTileLayerProps = {
  /** Called once when the map's tiles cannot load, so the caller can show its static fallback instead of a grey box. */
  onUnavailable: () => void;
};

/**
 * OpenStreetMap's tiles, watched: when the first view's tiles all fail, several fail before any loads, or none has
 * loaded after `tileTimeoutMs`, `onUnavailable` is called (once). A tile that fails among others that load is only a
 * gap, as in any map.
 */
export function OsmTileLayer({ onUnavailable }: OsmTileLayerProps) {
  const report = useRef(onUnavailable);
  useEffect(() => {
    report.current = onUnavailable;
  });
  const tiles = useRef({ loaded: 0, failed: 0, givenUp: false });

  useEffect(() => {
    const giveUp = () => {
      if (tiles.current.givenUp || tiles.current.loaded > 0) return;
      tiles.current.givenUp = true;
      report.current();
    };
    const timer = window.setTimeout(giveUp, tileTimeoutMs);
    return () => window.clearTimeout(timer);
  }, []);

  const giveUpWithoutTiles = () => {
    if (tiles.current.givenUp || tiles.current.loaded > 0) return;
    tiles.current.givenUp = true;
    report.current();
  };

  return (
    <TileLayer
      url="https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"
      attribution='&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'
      eventHandlers={{
        tileload: () => {
          tiles.current.loaded += 1;
        },
        tileerror: () => {
          tiles.current.failed += 1;
          if (tiles.current.failed >= failuresBeforeGivingUp) giveUpWithoutTiles();
        },
        // Every tile of the view has settled (an error settles one too).
        load: () => {
          if (tiles.current.failed > 0) giveUpWithoutTiles();
        },
      }}
    />
  );
}
