/** antd's message, notification and modal holders, in a chunk of its own (./Feedback.tsx): hands their calls over once mounted. */
import { useEffect } from 'react';
import { message, Modal, notification } from 'antd';
import type { Feedback } from './api';

export default function FeedbackHost({ onReady }: { onReady: (feedback: Feedback) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [modalApi, modalHolder] = Modal.useModal();
  useEffect(() => onReady({ message: messageApi, notification: notificationApi, modal: modalApi }), [messageApi, notificationApi, modalApi]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
      {modalHolder}
    </>
  );
}
