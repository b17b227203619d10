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
  // everyone's inbox: static (always reachable), in every user's side menu right after the
  // workbench, with the live count of open tasks (layouts/BasicLayout.tsx)
  {
    path: '/process/user/tasks',
    name: 'menu.process.user.tasks',
    icon: 'InboxOutlined',
    static: true,
    sort: 99999,
    component: './Process/User/Tasks',
  },
  // related processes: static and hidden from the menu
  {
    path: '/process/user/processInstances',
    name: 'menu.process.user.processInstances',
    static: true,
    hideInMenu: true,
    component: './Process/User/ProcessInstances',
  },
];

export default routes;
