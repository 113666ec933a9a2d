/** antd's modal holder, in a chunk of its own (./Feedback.tsx): hands its API over once mounted. */
import { useEffect } from 'react';
import { Modal } from 'antd';
import type { ModalApi } from './modal-api';

export default function ModalHost({ onReady }: { onReady: (api: ModalApi) => void }) {
  const [api, holder] = Modal.useModal();
  useEffect(() => onReady(api), [api]);
  return holder;
}
