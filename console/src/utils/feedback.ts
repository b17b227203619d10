import { message as staticMessage, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * Message and notification APIs usable outside React (the request layer).
 * AppProviders binds the theme-aware instances of antd's <App>; until then the
 * static ones are used.
 */
let messageApi: Pick<MessageInstance, 'error' | 'info' | 'success' | 'warning'> = staticMessage;
let notificationApi: Pick<NotificationInstance, 'error' | 'info'> = staticNotification;

export function bindFeedback(message: MessageInstance, notification: NotificationInstance): void {
  messageApi = message;
  notificationApi = notification;
}

export const feedback = {
  error: (content: string) => messageApi.error(content),
  info: (content: string) => messageApi.info(content),
  success: (content: string) => messageApi.success(content),
  warning: (content: string) => messageApi.warning(content),
  notifyError: (title: string, description?: string) =>
    notificationApi.error({ message: title, description }),
};
