/**
 * Routes of the console.
 *
 * - Routes outside BasicLayout need no login (spec section 2).
 * - Routes inside BasicLayout need a session. A route flagged `static` is always
 *   reachable and shown in the menu; any other route is reachable only when the
 *   server's menus (`/api/sys/token/user/menus`) grant its path, otherwise the
 *   layout shows /403. A granted menu appears in the side menu once its route is
 *   declared here, so a later page needs only its entry below and its folder
 *   under src/pages (see docs/console.md).
 * - `name` is the locale key of the title (menu, tab and document title).
 */
import advertRoutes from './routes.advert';
import codegenRoutes from './routes.codegen';
import configureRoutes from './routes.configure';
import cuisineRoutes from './routes.cuisine';
import processRoutes from './routes.process';
import reportRoutes from './routes.report';
import shopRoutes from './routes.shop';
import sysRoutes from './routes.sys';

export default [
  { path: '/user', redirect: '/user/login' },
  { path: '/user/login', name: 'menu.login', component: './User/Login' },
  { path: '/user/autologin', name: 'menu.autologin', component: './User/AutoLogin' },
  { path: '/user/register', name: 'menu.register', component: './User/Register' },
  { path: '/user/registerResult', name: 'menu.registerResult', component: './User/RegisterResult' },
  { path: '/403', name: 'menu.exception.403', component: './Exception/403' },
  { path: '/404', name: 'menu.exception.404', component: './Exception/404' },
  { path: '/500', name: 'menu.exception.500', component: './Exception/500' },
  {
    path: '/',
    component: '@/layouts/BasicLayout',
    routes: [
      { path: '/', redirect: '/user/workbench' },
      {
        path: '/user/workbench',
        name: 'menu.workbench',
        icon: 'DashboardOutlined',
        static: true,
        // first in the side menu (menus sort by `sort`, descending)
        sort: 100000,
        component: './User/Workbench',
      },
      {
        path: '/account',
        name: 'menu.account',
        icon: 'UserOutlined',
        static: true,
        routes: [
          { path: '/account', redirect: '/account/settings' },
          {
            path: '/account/settings',
            name: 'menu.account.settings',
            static: true,
            component: './Account/Settings',
          },
          {
            path: '/account/password',
            name: 'menu.account.password',
            static: true,
            component: './Account/Password',
          },
        ],
      },
      // Each business area declares its pages in its own file (config/routes.<area>.ts).
      ...sysRoutes,
      ...processRoutes,
      ...cuisineRoutes,
      ...advertRoutes,
      ...codegenRoutes,
      ...shopRoutes,
      ...configureRoutes,
      ...reportRoutes,
    ],
  },
  { path: '*', component: './Exception/NotFoundRedirect' },
];
