/** Menu pages of the configuration area, inside BasicLayout (see routes.ts for the rules). */
const routes: Record<string, unknown>[] = [
  {
    path: '/configure/orderQrCode',
    name: 'menu.configure.orderQrCode',
    component: './Configure/OrderQrCode',
  },
  { path: '/configure/button', name: 'menu.configure.button', component: './Configure/Button' },
  {
    path: '/configure/settingprinter',
    name: 'menu.configure.settingprinter',
    component: './Configure/SettingPrinter',
  },
  {
    path: '/configure/printjob',
    name: 'menu.configure.printjob',
    component: './Configure/PrintJob',
  },
];

export default routes;
