/**
 * Refine notifications shown with antd's notification API from the app's feedback context
 * (./Feedback.tsx). Written here instead of importing @refinedev/antd's provider so the login
 * route does not load that package.
 */
import type { NotificationProvider } from '@refinedev/core';
import { useFeedback } from './Feedback';

export function useNotificationProvider(): NotificationProvider {
  const { notification } = useFeedback();
  return {
    // Undoable ("progress") notifications are not used: every mutation here is pessimistic.
    open: ({ key, message, description, type }) =>
      notification.open({ key, message: description ?? message, description: description ? message : undefined, type: type === 'progress' ? 'info' : type }),
    close: (key) => notification.destroy(key),
  };
}
