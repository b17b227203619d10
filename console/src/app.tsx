import { history, useModel } from '@umijs/max';
import { App as AntdApp, ConfigProvider, theme as antdTheme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import React, { useEffect } from 'react';
import routes from '../config/routes';
import ErrorBoundary from '@/components/ErrorBoundary';
import { fetchSession } from '@/services/session';
import type { SessionState } from '@/access';
import { bindFeedback } from '@/utils/feedback';
import { activeLocale, getLocale, isRtl, loadAreaMessages, loadLocale } from '@/utils/intl';
import { insideLayout, layoutRoutes, type RouteConfig } from '@/utils/menu';
import { clearSession, loginPathWithRedirect, onSessionCleared } from '@/utils/session';
import { useSettings } from '@/utils/settings';
import { getToken } from '@/utils/token';

export type InitialState = SessionState;

const LAYOUT_ROUTES = layoutRoutes(routes as RouteConfig[]);

/**
 * Sends a visitor without a session from a layout path (`/`, a bookmark such as /sys/user)
 * to login before anything renders, so neither the layout's nor the page's chunks are
 * requested: a logged-out visitor downloads what the login page needs, wherever they land.
 */
function toLoginWithoutSession(): void {
  const { pathname, search } = window.location;
  if (insideLayout(pathname, LAYOUT_ROUTES))
    history.replace(loginPathWithRedirect(pathname + search));
}

/**
 * Runs once per page load before the first render. With a token, the session is
 * loaded; without one (or when loading fails) the state is empty and BasicLayout
 * sends protected paths to login with a redirect.
 */
export async function getInitialState(): Promise<InitialState> {
  // Auto-login brings its own token in the URL and loads the session itself.
  if (!getToken() || window.location.pathname === '/user/autologin') return {};
  try {
    return await fetchSession();
  } catch {
    clearSession();
    toLoginWithoutSession();
    return {};
  }
}

/**
 * Before the first render: no token on a layout path goes to login (no layout chunk is
 * requested), and the active language (messages, antd, dayjs) loads. With a token the
 * areas' messages start loading too, as the layout will need them.
 */
export function render(oldRender: () => void) {
  if (getToken()) loadAreaMessages();
  else toLoginWithoutSession();
  loadLocale(getLocale())
    .catch(() => loadLocale('en-US'))
    .catch(() => undefined)
    .finally(oldRender);
}

const FeedbackBinder: React.FC = () => {
  const { message, notification } = AntdApp.useApp();
  useEffect(() => bindFeedback(message, notification), [message, notification]);
  return null;
};

/** antd theme, language and direction for every page, login included. */
const AppProviders: React.FC<{ children: React.ReactNode }> = ({ children }) => {
  const settings = useSettings();
  useEffect(() => {
    document.documentElement.classList.toggle('venue-color-weak', settings.colorWeak);
  }, [settings.colorWeak]);
  return (
    <ConfigProvider
      // English needs its antd locale too: pro-components reads the language from it and
      // would fall back to Chinese texts without one.
      locale={activeLocale().antd ?? enUS}
      direction={isRtl() ? 'rtl' : 'ltr'}
      theme={{
        algorithm:
          settings.theme === 'realDark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: { colorPrimary: settings.primaryColor },
      }}
    >
      <AntdApp>
        <FeedbackBinder />
        <ErrorBoundary>{children}</ErrorBoundary>
      </AntdApp>
    </ConfigProvider>
  );
};

export function rootContainer(container: React.ReactNode) {
  return <AppProviders>{container}</AppProviders>;
}

/** Logout (explicit or by a 401) drops roles, menus, user info, name and avatar. */
const SessionSync: React.FC<{ children: React.ReactNode }> = ({ children }) => {
  const { setInitialState } = useModel('@@initialState');
  useEffect(() => onSessionCleared(() => setInitialState({})), [setInitialState]);
  return <>{children}</>;
};

export function innerProvider(container: React.ReactNode) {
  return <SessionSync>{container}</SessionSync>;
}
