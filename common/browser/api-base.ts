// Where the API lives, for the page and the service worker alike: VITE_API_BASE when the app was built with
// one, else /api on the app's origin. Vite writes the value in at build time for both bundles.
export const API_BASE: string = (import.meta.env?.VITE_API_BASE as string | undefined) ?? '/api';
