/// <reference types="vite/client" />

// An interface, not a type: Vite's env typing only extends through declaration merging.
interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_GOOGLE_CLIENT_ID?: string;
  readonly VITE_GOOGLE_MAPS_API_KEY?: string;
  readonly GOOGLE_CLIENT_ID?: string;
  readonly GOOGLE_MAPS_API_KEY?: string;
}
