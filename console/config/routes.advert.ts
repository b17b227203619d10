/** Menu pages of the advert area, inside BasicLayout (see routes.ts for the rules). */
const routes: Record<string, unknown>[] = [
  { path: '/advert/release', name: 'menu.advert.release', component: './Advert/Release' },
  { path: '/advert/tablet', name: 'menu.advert.tablet', component: './Advert/Tablet' },
];

export default routes;
