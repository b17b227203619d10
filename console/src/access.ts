/**
 * umi access: turns the session's grants into named permissions (spec section 6).
 * - adminFlag '1' passes every check;
 * - canOperate('sys:user:add'): the code is among the menus call's operationCodes;
 * - hasPermission('sys:user', 'add'): the role permissions list of the user info grants it.
 */
export interface SessionState {
  currentUser?: API.CurrentUser;
  menus?: API.MenuItem[];
  operationCodes?: string[];
}

export default function access(initialState: SessionState | undefined) {
  const { currentUser, operationCodes = [] } = initialState ?? {};
  const isAdmin = currentUser?.adminFlag === '1';
  const codes = new Set(operationCodes);
  const roles = currentUser?.roles ?? [];
  return {
    isLoggedIn: !!currentUser,
    isAdmin,
    canOperate: (code: string): boolean => !!currentUser && (isAdmin || codes.has(code)),
    hasPermission: (permissionId: string, action: string): boolean =>
      !!currentUser &&
      (isAdmin ||
        roles.some(
          (r) => r.permissionId === permissionId && (r.actionList ?? []).includes(action),
        )),
  };
}

export type AccessShape = ReturnType<typeof access>;
