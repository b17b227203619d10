/**
 * Onboarding pages, ru-RU: the merchant sign-up (register, its result) and the platform's review
 * of the applications. Same keys in all 16 files of this folder (tests/locales.test.ts).
 */
const messages: Record<string, string> = {
  'onboarding.register.title': 'Зарегистрируйте свой бизнес',
  'onboarding.register.subtitle': 'Откройте аккаунт продавца в Venue Platform',
  'onboarding.register.merchantName': 'Название компании',
  'onboarding.register.merchantName.required': 'Введите название компании',
  'onboarding.register.contactName': 'Контактное лицо',
  'onboarding.register.contactName.required': 'Введите контактное лицо',
  'onboarding.register.submit': 'Зарегистрироваться',
  'onboarding.register.toLogin': 'Уже есть аккаунт? Войти',
  'onboarding.registerResult.toLogin': 'Перейти ко входу',
  'onboarding.register.address': 'Адрес (необязательно)',
  'onboarding.register.licenceNo': 'Номер лицензии (необязательно)',
  'onboarding.register.pending.title': 'Заявка отправлена',
  'onboarding.register.pending.desc':
    'Заявка {merchant} ожидает проверки платформой. После одобрения войдите по номеру мобильного телефона и выбранному паролю.',
  'onboarding.register.application': 'Номер заявки',
  'onboarding.register.status': 'Статус',

  'onboarding.signup.title': 'Заявки продавцов',
  'onboarding.signup.number': '№',
  'onboarding.signup.business': 'Название компании',
  'onboarding.signup.status.pending': 'Ожидает проверки',
  'onboarding.signup.status.approved': 'Одобрена',
  'onboarding.signup.status.rejected': 'Отклонена',
  'onboarding.signup.reason': 'Причина',
  'onboarding.signup.reason.required': 'Укажите причину отказа',
  'onboarding.signup.submittedAt': 'Подана',
  'onboarding.signup.reviewed': 'Проверена',
  'onboarding.signup.openTask': 'Открыть задачу проверки',
  'onboarding.signup.preview': 'Заявка продавца',
  'onboarding.signup.approve': 'Одобрить',
  'onboarding.signup.approve.confirm': 'Одобрить заявку {name}?',
  'onboarding.signup.approve.hint':
    'Будут созданы продавец, его первое заведение и учётная запись администратора.',
  'onboarding.signup.approved': 'Заявка {name} одобрена',
  'onboarding.signup.approved.account':
    'Администратор входит как {account} с паролем, выбранным при регистрации.',
  'onboarding.signup.reject': 'Отклонить',
  'onboarding.signup.reject.title': 'Отклонить заявку {name}',
};

export default messages;
