/** For unit tests: a user as `/sys/token/user` answers one, blank but for what the test sets. */
export const currentUser = (u: Partial<API.CurrentUser> = {}): API.CurrentUser => ({
  userId: 0,
  userName: '',
  realName: '',
  suserHeader: '',
  mobile: '',
  email: '',
  adminFlag: '0',
  mustChangePassword: false,
  orgId: 0,
  orgName: '',
  orgType: '',
  merchantId: 0,
  venueId: 0,
  timezone: '',
  roles: [],
  ...u,
});
