// React's own useSyncExternalStore, standing in for the `use-sync-external-store/shim` package the router
// (wouter) imports: that shim carries a copy for React 17, which this app (React 19) never runs. The build
// points the shim's name here (vite.config.ts, resolve.alias), so its code is in no page's download.
export { useSyncExternalStore } from 'react';
