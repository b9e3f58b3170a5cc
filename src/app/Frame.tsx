// The page frame: header, status messages, the page, footer, the account popups and the widgets, each a part
// that hydrates on its own (Part.tsx). Loads the frame's data once; when neither organization data nor
// preview categories can be had, shows the 404 page with an empty message (spec §2).
import { useEffect, type ReactNode } from 'react';
import { ErrorPage } from '../components/ErrorPage.tsx';
import { Footer } from '../features/frame/Footer.tsx';
import { Header } from '../features/frame/Header.tsx';
import { StatusBar } from '../features/frame/StatusBar.tsx';
import { PopupHost } from '../features/popups/PopupHost.tsx';
import { Widgets } from '../features/widgets/Widgets.tsx';
import { loadFrameData, shopDataMissing, useCatalog } from '../state/catalog.ts';
import { Part } from './Part.tsx';

export function Frame({ children }: { children: ReactNode }) {
  const c = useCatalog();
  useEffect(() => {
    void loadFrameData();
  }, []);
  return (
    <>
      <Part name="header">
        <Header />
        <StatusBar />
      </Part>
      <main className="container main">
        {shopDataMissing(c) ? (
          <Part name="page">
            <ErrorPage statusCode={404} message="" />
          </Part>
        ) : (
          children
        )}
      </main>
      <Part name="footer">
        <Footer />
      </Part>
      <Part name="overlays">
        <PopupHost />
        <Widgets />
      </Part>
    </>
  );
}
