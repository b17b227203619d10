/**
 * Global names of the platform core's shapes (`API.CurrentUser`, …): aliases of the types
 * generated from the server's OpenAPI document (./api.gen.d.ts), kept global for the many
 * places (access, layout, menus) that name them.
 */
declare namespace API {
  type Schemas = import('./api').Schemas;

  /** `/sys/token/user` */
  type CurrentUser = Schemas['sys.UserInfo'];

  type MenuItem = Schemas['sys.MenuNode'];

  /** `/sys/token/user/menus` */
  type UserMenus = Schemas['sys.UserMenus'];

  type LoginResult = Schemas['sys.LoginResult'];

  /** User name + password, or mobile + SMS code. */
  type LoginParams =
    | Required<Pick<Schemas['sys.LoginInput'], 'username' | 'password'>>
    | Required<Pick<Schemas['sys.LoginInput'], 'mobile' | 'code'>>;

  type SmsCodeResult = Schemas['sys.SMSCreated'];

  type DictItem = Schemas['sys.DictEntry'];

  type PasswordParams = Schemas['sys.PasswordInput'];

  type UserInfoParams = Schemas['sys.UpdateInfoInput'];

  /** `/sys/workbench` */
  type Workbench = Schemas['sys.Workbench'];
}
