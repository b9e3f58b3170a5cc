// The app: the frame around the routed page, each in parts that hydrate on their own (Part.tsx; the page's
// part is the route view's own Suspense boundary).
import { Frame } from './Frame.tsx';
import { RouteView } from './RouteView.tsx';

export function App() {
  return (
    <Frame>
      <RouteView />
    </Frame>
  );
}
