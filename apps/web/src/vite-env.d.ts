/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

// An interface, not a type: Vite's env typing only extends through declaration merging.
interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_GOOGLE_CLIENT_ID?: string;
  readonly VITE_GOOGLE_MAPS_API_KEY?: string;
  readonly VITE_IOS_APP_URL?: string;
  readonly VITE_ANDROID_APP_URL?: string;
  readonly GOOGLE_CLIENT_ID?: string;
  readonly GOOGLE_MAPS_API_KEY?: string;
}
