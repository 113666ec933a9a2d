/** The modal calls the app makes (./Feedback.tsx), as antd's useModal hands them out. */
import type { ModalFuncProps } from 'antd';

export type ModalKind = 'confirm' | 'info' | 'warning' | 'error' | 'success';
export type ModalProps = ModalFuncProps;
export type ModalApi = Record<ModalKind, (props: ModalProps) => unknown>;
