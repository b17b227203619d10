/** Menu pages of the process area, inside BasicLayout (see routes.ts for the rules). */
const routes: Record<string, unknown>[] = [
  { path: '/process/form', name: 'menu.process.form', component: './Process/Form' },
  { path: '/process/model', name: 'menu.process.model', component: './Process/Model' },
  {
    path: '/process/definition',
    name: 'menu.process.definition',
    component: './Process/Definition',
  },
  { path: '/process/instance', name: 'menu.process.instance', component: './Process/Instance' },
  { path: '/process/task', name: 'menu.process.task', component: './Process/Task' },
  // everyone's inbox and related processes: static (always reachable) and hidden from the menu
  {
    path: '/process/user/tasks',
    name: 'menu.process.user.tasks',
    static: true,
    hideInMenu: true,
    component: './Process/User/Tasks',
  },
  {
    path: '/process/user/processInstances',
    name: 'menu.process.user.processInstances',
    static: true,
    hideInMenu: true,
    component: './Process/User/ProcessInstances',
  },
];

export default routes;
