// The app: the frame around the routed page. Once it has hydrated (or rendered) it marks the document
// `data-ready`: the page answers the shopper from then on (the end-to-end tests wait for it).
import { useEffect } from 'react';
import { Frame } from './Frame.tsx';
import { RouteView } from './RouteView.tsx';

export function App() {
  useEffect(() => {
    document.documentElement.dataset.ready = '';
  }, []);
  return (
    <Frame>
      <RouteView />
    </Frame>
  );
}
