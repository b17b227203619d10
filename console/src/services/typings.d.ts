declare namespace API {
  /** A role grant, flattened: one entry per granted menu permission. */
  interface RolePermission {
    roleCode?: string;
    permissionId: string;
    actionList: string[];
  }

  /** `/sys/token/user` */
  interface CurrentUser {
    userId: number;
    userName: string;
    suserHeader?: string;
    mobile?: string;
    adminFlag?: string;
    mustChangePassword?: boolean;
    orgId?: number;
    orgName?: string;
    orgType?: string;
    merchantId?: number;
    venueId?: number;
    /** IANA zone of the user's organisation: staff pages show times in it */
    timezone?: string;
    roles?: RolePermission[];
  }

  interface MenuItem {
    id: number;
    parentId: number;
    name: string;
    title?: string;
    url: string;
    icon?: string;
    sort: number;
    static?: boolean;
    hidden?: boolean;
    permission?: string;
    children?: MenuItem[];
  }

  /** `/sys/token/user/menus` */
  interface UserMenus {
    menus: MenuItem[];
    operationCodes: string[];
  }

  interface LoginResult {
    token: string;
    expiresAt?: string;
  }

  type LoginParams = { username: string; password: string } | { mobile: string; code: string };

  interface SmsCodeResult {
    expiresIn: number;
    resendAfter: number;
  }

  interface DictItem {
    dictKey: string;
    dictValue: string;
    sort?: number;
  }

  interface PasswordParams {
    oldPassword: string;
    password: string;
    repassword: string;
  }

  interface UserInfoParams {
    userName: string;
    mobile?: string;
    suserHeader?: string;
  }

  interface WorkbenchCard {
    key: string;
    title: string;
    value: number | string;
    link?: string;
    /** a line under the value, e.g. a comparison with last week */
    note?: string;
  }

  interface WorkbenchTask {
    id: number | string;
    title: string;
    processName?: string;
    createdAt?: string;
    link?: string;
  }

  /** `/sys/workbench` */
  interface Workbench {
    cards: WorkbenchCard[];
    tasks: WorkbenchTask[];
  }

  /** `/sys/merchant/register` (issue 4) */
  interface MerchantRegisterParams {
    merchantName: string;
    contactName: string;
    mobile: string;
    code: string;
    password: string;
  }

  interface MerchantRegisterResult {
    merchantId?: number;
    userName?: string;
  }

  /** Upload answer: the stored paths. */
  type UploadResult = string[];
}
