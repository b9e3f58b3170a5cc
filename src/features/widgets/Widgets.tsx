// The frame's widgets: counts page views, and renders the cookie notice, the scroll-to-top arrow, the chat
// widget, the open widget popup (error report, help, channel) and the notifications prompt, whose code loads
// when it first opens.
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { lazyPopup } from '../../components/lazy-popup.tsx';
import { usePieceMarks } from '../../components/piece-marks.ts';
import { closePushPrompt, usePush } from '../../state/push.ts';
import { closeWidgetPopup, countPageView, useWidgets } from '../../state/widgets.ts';
import { ChatWidget } from './ChatWidget.tsx';
import { CookieNotice } from './CookieNotice.tsx';
import { ScrollTop } from './ScrollTop.tsx';
import './widgets.css';

const ChannelPopup = lazyPopup(() => import('./ChannelPopup.tsx').then((m) => m.ChannelPopup), closeWidgetPopup);
const ErrorReportPopup = lazyPopup(() => import('./ErrorReportPopup.tsx').then((m) => m.ErrorReportPopup), closeWidgetPopup);
const HelpPopup = lazyPopup(() => import('./HelpPopup.tsx').then((m) => m.HelpPopup), closeWidgetPopup);
const PushPrompt = lazyPopup(() => import('./PushPrompt.tsx').then((m) => m.PushPrompt), closePushPrompt);

export function Widgets() {
  const [path] = useLocation();
  const { open } = useWidgets();
  const { prompt } = usePush();
  const marks = usePieceMarks();
  useEffect(() => {
    countPageView(path); // the analytics counter hears of it from the count (state/third-party.ts)
  }, [path]);
  return (
    <>
      <aside className="floating" aria-label="Связь с магазином" {...marks}>
        <ScrollTop />
        <ChatWidget />
      </aside>
      <CookieNotice />
      {prompt && <PushPrompt moment={prompt} />}
      {open === 'channel' && <ChannelPopup />}
      {open === 'error-report' && <ErrorReportPopup />}
      {open === 'help' && <HelpPopup />}
    </>
  );
}
