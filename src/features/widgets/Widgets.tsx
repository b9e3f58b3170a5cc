// The frame's widgets: counts page views, and renders the cookie notice, the scroll-to-top arrow, the chat
// widget and the open widget popup (error report, help, channel).
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { trackPageView } from '../../state/third-party.ts';
import { countPageView, useWidgets } from '../../state/widgets.ts';
import { ChannelPopup } from './ChannelPopup.tsx';
import { ChatWidget } from './ChatWidget.tsx';
import { CookieNotice } from './CookieNotice.tsx';
import { ErrorReportPopup } from './ErrorReportPopup.tsx';
import { HelpPopup } from './HelpPopup.tsx';
import { ScrollTop } from './ScrollTop.tsx';
import './widgets.css';

export function Widgets() {
  const [path] = useLocation();
  const { open } = useWidgets();
  useEffect(() => {
    countPageView(path);
    trackPageView(location.href);
  }, [path]);
  return (
    <>
      <aside className="floating" aria-label="Связь с магазином">
        <ScrollTop />
        <ChatWidget />
      </aside>
      <CookieNotice />
      {open === 'channel' && <ChannelPopup />}
      {open === 'error-report' && <ErrorReportPopup />}
      {open === 'help' && <HelpPopup />}
    </>
  );
}
