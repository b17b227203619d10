import { request } from '@/utils/request';

/** Typed calls of the platform core (docs/api-core.md). Paths are relative to /api. */

export const UPLOAD_IMAGE_URL = '/api/upload/oss/aliyun/image';
export const UPLOAD_VIDEO_URL = '/api/upload/oss/aliyun/uploadVideo';

/** User name + password or mobile + SMS code; errors are shown in place by the caller. */
export const login = (params: API.LoginParams) =>
  request<API.LoginResult>('/sys/loginMobileMcc', {
    method: 'POST',
    form: params as Record<string, string>,
    skipErrorHandler: true,
  });

export const sendSmsCode = (mobile: string) =>
  request<API.SmsCodeResult>('/sys/validationcode/sms/create', {
    method: 'POST',
    data: { mobile },
    skipErrorHandler: true,
  });

/** Session bootstrap calls: failures are handled by the session logic, not by toasts. */
export const getCurrentUser = () =>
  request<API.CurrentUser>('/sys/token/user', { method: 'POST', skipErrorHandler: true });

export const getUserMenus = () =>
  request<API.UserMenus>('/sys/token/user/menus', { method: 'POST', skipErrorHandler: true });

/** Logout: errors ignored (spec section 7). */
export const outLogin = () =>
  request<null>('/sys/logoutjwt', { method: 'POST', skipErrorHandler: true }).catch(() => null);

export const updatePassword = (params: API.PasswordParams) =>
  request<null>('/sys/user/updatePassword', {
    method: 'POST',
    data: params,
    skipErrorHandler: true,
  });

export const updateInfo = (params: API.UserInfoParams) =>
  request<API.CurrentUser>('/sys/user/updateInfo', {
    method: 'PUT',
    data: params,
    skipErrorHandler: true,
  });

export const getDictByType = (type: string) =>
  request<API.DictItem[]>('/sys/dict/getByType', { method: 'POST', data: { type } });

/** The language list (dictKey: label, dictValue: code such as en_US). */
export const getLanguages = () =>
  request<API.DictItem[]>('/sys/user/getNoLanguageDict', {
    method: 'POST',
    data: { type: 'language_type' },
    skipErrorHandler: true,
  });

export const getWorkbench = () =>
  request<API.Workbench>('/sys/workbench', { skipErrorHandler: true });
