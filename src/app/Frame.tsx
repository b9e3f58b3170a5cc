// The page frame: header, status messages, the page, footer, the account popups and the widgets, each a part
// that hydrates on its own (Part.tsx); the menus' panels, the status messages and the widgets load after the
// page has hydrated (Later.tsx). Loads the frame's data once; when neither organization data nor preview
// categories can be had, shows the 404 page with an empty message (spec §2).
import { useEffect, type ReactNode } from 'react';
import { ErrorPage } from '../components/ErrorPage.tsx';
import { Footer } from '../features/frame/Footer.tsx';
import { Header } from '../features/frame/Header.tsx';
import { PopupHost } from '../features/popups/PopupHost.tsx';
import { loadFrameData, shopDataMissing, useCatalog } from '../state/catalog.ts';
import { later } from './Later.tsx';
import { Part } from './Part.tsx';

const MobileMenuPanel = later('mobile-menu', () => import('../features/frame/MobileMenuPanel.tsx').then((m) => m.MobileMenuPanel));
const DesktopMenu = later('desktop-menu', () => import('../features/frame/DesktopMenu.tsx').then((m) => m.DesktopMenu));
const StatusBar = later('status-bar', () => import('../features/frame/StatusBar.tsx').then((m) => m.StatusBar));
const Widgets = later('widgets', () => import('../features/widgets/Widgets.tsx').then((m) => m.Widgets));
const MENUS = { mobilePanel: <MobileMenuPanel />, desktop: <DesktopMenu /> };

export function Frame({ children }: { children: ReactNode }) {
  const c = useCatalog();
  useEffect(() => {
    void loadFrameData();
  }, []);
  return (
    <>
      <Part name="header">
        <Header menus={MENUS} />
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
