import TodoMenuCount, { INBOX_PATH } from '@/components/RightContent/TodoMenuCount';
import { SettingOutlined } from '@ant-design/icons';
import { ProLayout } from '@ant-design/pro-components';
import type { MenuDataItem } from '@ant-design/pro-components';
import { Link, Navigate, history, useLocation, useModel, useOutlet } from '@umijs/max';
import { App, theme as antdTheme } from 'antd';
import React, { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import routes from '../../config/routes';
import ErrorBoundary from '@/components/ErrorBoundary';
import { menuIcon } from '@/components/MenuIcon';
import MultiTab, { type TabCommand } from '@/components/MultiTab';
import PageLoading from '@/components/PageLoading';
import AvatarDropdown from '@/components/RightContent/AvatarDropdown';
import SelectLang from '@/components/RightContent/SelectLang';
import TodoBadge from '@/components/RightContent/TodoBadge';
import SettingDrawer from '@/components/SettingDrawer';
import { fetchSession, peekSession } from '@/services/session';
import { outLogin } from '@/services/sys';
import { applyDayjsLocale, formatMessage, menuTitle, useAreaMessages } from '@/utils/intl';
import {
  buildMenu,
  collectPages,
  findMenu,
  grantedPaths,
  layoutRoutes,
  reachability,
  type MenuNode,
  type RouteConfig,
} from '@/utils/menu';
import { clearSession, loginPathWithRedirect } from '@/utils/session';
import { useSettings, type LayoutSettings } from '@/utils/settings';
import { closeAll, closeLeft, closeRight, closeTab, openTab, type TabState } from '@/utils/tabs';
import { getToken } from '@/utils/token';

const LAYOUT_ROUTES = layoutRoutes(routes as RouteConfig[]);
const PAGES = collectPages(LAYOUT_ROUTES);

const toMenuData = (nodes: MenuNode[]): MenuDataItem[] =>
  nodes.map((n) => ({
    path: n.path,
    key: n.path,
    name: menuTitle(n),
    icon: menuIcon(n.icon),
    hideInMenu: n.hideInMenu,
    children: n.children ? toMenuData(n.children) : undefined,
  }));

const menuItemRender = (item: MenuDataItem & { isUrl?: boolean }, dom: React.ReactNode) =>
  item.path && !item.isUrl ? (
    <Link to={item.path}>
      {dom}
      {item.path === INBOX_PATH ? <TodoMenuCount /> : null}
    </Link>
  ) : (
    dom
  );

/** Dark menu colours for theme 'dark' (dark menu over a light page). */
function layoutToken(settings: LayoutSettings) {
  if (settings.theme !== 'dark') return undefined;
  const dark = {
    colorMenuBackground: '#001529',
    colorTextMenu: 'rgba(255,255,255,0.75)',
    colorTextMenuSecondary: 'rgba(255,255,255,0.65)',
    colorTextMenuSelected: '#fff',
    colorTextMenuActive: '#fff',
    colorTextMenuItemHover: '#fff',
    colorTextMenuTitle: '#fff',
    colorBgMenuItemSelected: settings.primaryColor,
    colorBgMenuItemHover: 'rgba(255,255,255,0.08)',
    colorMenuItemDivider: 'rgba(255,255,255,0.15)',
    colorBgCollapsedButton: '#001529',
    colorTextCollapsedButton: 'rgba(255,255,255,0.75)',
    colorTextCollapsedButtonHover: '#fff',
  };
  return {
    sider: dark,
    header:
      settings.layout === 'side'
        ? undefined
        : {
            colorBgHeader: '#001529',
            colorHeaderTitle: '#fff',
            colorTextMenu: 'rgba(255,255,255,0.75)',
            colorTextMenuSelected: '#fff',
            colorTextMenuActive: '#fff',
            colorBgMenuItemSelected: settings.primaryColor,
            colorTextRightActionsItem: 'rgba(255,255,255,0.85)',
          },
  };
}

const MOBILE_QUERY = '(max-width: 767.98px)';

/** Same threshold as ProLayout's mobile mode (below md), which draws its own header there. */
function useIsMobile(): boolean {
  const [mobile, setMobile] = useState(() => window.matchMedia(MOBILE_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(MOBILE_QUERY);
    const onChange = () => setMobile(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return mobile;
}

/** Header slides away when scrolling down (settings: auto-hide header). */
function useAutoHideHeader(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return undefined;
    }
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      setHidden(y > 120 && y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [enabled]);
  return hidden;
}

/**
 * The shell of every page after login: session guard (spec section 4), route guard
 * (server menus + static routes), ProLayout with header actions, multi-tab pages kept
 * alive while switching, and the settings drawer.
 */
const Shell: React.FC = () => {
  const { initialState, setInitialState } = useModel('@@initialState');
  const location = useLocation();
  const outlet = useOutlet();
  const { message } = App.useApp();
  const { token: themeToken } = antdTheme.useToken();
  const settings = useSettings();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const cache = useRef(new Map<string, React.ReactNode>());
  const headerHidden = useAutoHideHeader(settings.autoHideHeader && settings.fixedHeader);
  const isMobile = useIsMobile();
  // ProLayout draws a header in the top and mix layouts and on phones; the shell draws its own otherwise.
  const ownHeader = settings.layout === 'side' && !isMobile;
  const { pathname, search } = location;
  const token = getToken();
  // Right after login the initial state may not have reached this component yet;
  // the session the login page loaded is used meanwhile.
  const session = initialState?.menus ? initialState : peekSession();
  const menus = session?.menus;
  const currentUser = session?.currentUser;

  // A token without menus: fetch menus, build routes, fetch user info; failure logs out.
  useEffect(() => {
    if (!token || menus) return;
    fetchSession()
      .then((session) => setInitialState(session))
      .catch(async () => {
        await outLogin();
        clearSession();
      });
  }, [token, menus, setInitialState]);

  // A password an administrator set must be replaced before anything else.
  useEffect(() => {
    if (currentUser?.mustChangePassword && pathname !== '/account/password') {
      history.replace('/account/password');
    }
  }, [currentUser?.mustChangePassword, pathname]);

  const menuNodes = useMemo(() => buildMenu(menus, LAYOUT_ROUTES), [menus]);
  const granted = useMemo(() => grantedPaths(menus), [menus]);
  // Stable props: ProLayout deep-merges its token and rebuilds the menu when these change.
  const proToken = useMemo(() => layoutToken(settings), [settings]);
  const proRoute = useMemo(() => ({ path: '/', children: toMenuData(menuNodes) }), [menuNodes]);
  const proLocation = useMemo(() => ({ pathname }), [pathname]);
  const reach = reachability(pathname, PAGES, granted);
  const isPage = reach === 'allowed';
  // The first page is a tab from the first render (no extra render of the whole shell).
  const [tabState, setTabState] = useState<TabState>(() =>
    isPage && settings.multiTab ? { tabs: [pathname], active: pathname } : { tabs: [], active: '' },
  );

  const titleOf = useCallback(
    (path: string) => {
      const node = findMenu(menuNodes, path);
      if (node) return menuTitle(node);
      const page = PAGES.get(path);
      return page ? menuTitle({ name: page.name, path }) : path;
    },
    [menuNodes],
  );

  useEffect(() => {
    if (isPage) {
      document.title = `${titleOf(pathname)} - ${formatMessage({ id: 'app.title' })}`;
      setTabState((s) =>
        s.active === pathname && s.tabs.includes(pathname) ? s : openTab(s, pathname),
      );
    }
  }, [isPage, pathname, titleOf]);

  // pro-components set dayjs' global locale when they load; put the user's back.
  useEffect(applyDayjsLocale, []);

  useEffect(() => {
    if (!settings.multiTab) {
      cache.current.clear();
      setTabState({ tabs: [], active: '' });
    }
  }, [settings.multiTab]);

  if (!token) return <Navigate to={loginPathWithRedirect(pathname + search)} replace />;
  if (!currentUser || !menus) return <PageLoading />;
  if (reach === 'forbidden') return <Navigate to="/403" replace />;

  if (isPage && settings.multiTab && !cache.current.has(pathname)) {
    cache.current.set(pathname, outlet);
  }

  const onTabCommand = (command: TabCommand, key: string) => {
    const rule = { close: closeTab, closeRight, closeLeft, closeAll }[command];
    const result = rule(tabState, key);
    if (result.notice) {
      message.info(formatMessage({ id: result.notice }));
      return;
    }
    for (const k of tabState.tabs) if (!result.tabs.includes(k)) cache.current.delete(k);
    setTabState({ tabs: result.tabs, active: result.active });
    if (result.active !== pathname) history.push(result.active);
  };

  const openTabs =
    isPage && !tabState.tabs.includes(pathname) ? [...tabState.tabs, pathname] : tabState.tabs;

  const content = settings.multiTab ? (
    <>
      <MultiTab
        tabs={openTabs.map((key) => ({ key, title: titleOf(key) }))}
        active={pathname}
        onSelect={(key) => history.push(key)}
        onCommand={onTabCommand}
      />
      {openTabs.map((key) => (
        <div key={key} className="venue-keepalive-pane" hidden={key !== pathname}>
          <ErrorBoundary>{cache.current.get(key)}</ErrorBoundary>
        </div>
      ))}
      {!isPage && <ErrorBoundary>{outlet}</ErrorBoundary>}
    </>
  ) : (
    <ErrorBoundary>{outlet}</ErrorBoundary>
  );

  const actions = [
    <TodoBadge key="todo" />,
    <SelectLang key="lang" />,
    <button
      type="button"
      key="settings"
      className="venue-header-action"
      title={formatMessage({ id: 'settings.title' })}
      onClick={() => setSettingsOpen(true)}
      data-testid="open-settings"
    >
      <SettingOutlined />
    </button>,
    <AvatarDropdown key="avatar" />,
  ];

  const sideHeader = ownHeader ? (
    <header
      className={[
        'venue-shell-header',
        settings.fixedHeader ? 'is-fixed' : '',
        headerHidden ? 'is-hidden' : '',
      ].join(' ')}
      style={{ background: themeToken.colorBgContainer, borderColor: themeToken.colorSplit }}
    >
      <div className="venue-shell-title">{isPage ? titleOf(pathname) : ''}</div>
      <div className="venue-header-actions">{actions}</div>
    </header>
  ) : null;

  return (
    <div className={headerHidden ? 'venue-header-hidden' : undefined}>
      <ProLayout
        title={formatMessage({ id: 'app.title' })}
        logo="/logo.svg"
        layout={settings.layout}
        navTheme={settings.theme === 'realDark' ? 'realDark' : 'light'}
        colorPrimary={settings.primaryColor}
        fixedHeader={settings.fixedHeader}
        fixSiderbar={settings.fixSiderbar}
        contentWidth={settings.contentWidth}
        token={proToken}
        location={proLocation}
        route={proRoute}
        menu={{ locale: false }}
        siderWidth={220}
        pageTitleRender={false}
        footerRender={false}
        onMenuHeaderClick={() => history.push('/')}
        menuItemRender={menuItemRender}
        actionsRender={ownHeader ? undefined : () => actions}
        contentStyle={{ padding: 0 }}
      >
        {sideHeader}
        <div className="venue-shell-content">{content}</div>
      </ProLayout>
      <SettingDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </div>
  );
};

/** The areas' messages (menus, pages) load with the layout, never with the login page. */
const BasicLayout: React.FC = () => (useAreaMessages() ? <Shell /> : <PageLoading />);

export default BasicLayout;
