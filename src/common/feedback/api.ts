/**
 * The feedback calls the app makes (./Feedback.tsx): antd's message, notification and modal calls,
 * fire and forget, as antd's hooks hand them out (./FeedbackHost.tsx).
 */
import type { message, ModalFuncProps, notification } from 'antd';

type MessageInstance = ReturnType<typeof message.useMessage>[0];
type NotificationInstance = ReturnType<typeof notification.useNotification>[0];

type FireAndForget<T, K extends keyof T> = { [P in K]: T[P] extends (...args: infer A) => unknown ? (...args: A) => void : never };

export type MessageApi = FireAndForget<MessageInstance, 'success' | 'error' | 'info' | 'warning'>;
export type NotificationApi = FireAndForget<NotificationInstance, 'open' | 'success' | 'error' | 'info' | 'warning' | 'destroy'>;
export type ModalApi = Record<'confirm' | 'info' | 'warning' | 'error' | 'success', (props: ModalFuncProps) => void>;

export interface Feedback {
  message: MessageApi;
  notification: NotificationApi;
  modal: ModalApi;
}

export const MESSAGE_CALLS = ['success', 'error', 'info', 'warning'] as const;
export const NOTIFICATION_CALLS = ['open', 'success', 'error', 'info', 'warning', 'destroy'] as const;
export const MODAL_CALLS = ['confirm', 'info', 'warning', 'error', 'success'] as const;
