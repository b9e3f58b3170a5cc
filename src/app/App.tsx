// The app: the frame around the routed page.
import { Frame } from './Frame.tsx';
import { RouteView } from './RouteView.tsx';

export function App() {
  return (
    <Frame>
      <RouteView />
    </Frame>
  );
}
