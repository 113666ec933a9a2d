/**
 * The antd parts the login route shows (with the admin-wide error panel, shell/error-log/ErrorBoundary),
 * imported by path: the one place that does. Importing from
 * 'antd' (its index of every component) would make the whole library part of the login chunk
 * (scripts/login-chunk.ts gathers everything the entry imports); these are the same modules the
 * index re-exports, so styles and the theme stay shared with the rest of the app.
 */
export { default as Button, type ButtonProps } from 'antd/es/button';
export { default as ConfigProvider } from 'antd/es/config-provider';
export { default as Form } from 'antd/es/form';
export { default as Input } from 'antd/es/input/Input';
export { default as Password } from 'antd/es/input/Password';
export { default as theme } from 'antd/es/theme';
export { default as CloseCircleFilled } from '@ant-design/icons/es/icons/CloseCircleFilled';
export { default as ExclamationCircleFilled } from '@ant-design/icons/es/icons/ExclamationCircleFilled';
export { default as LockOutlined } from '@ant-design/icons/es/icons/LockOutlined';
export { default as SafetyOutlined } from '@ant-design/icons/es/icons/SafetyOutlined';
export { default as TranslationOutlined } from '@ant-design/icons/es/icons/TranslationOutlined';
export { default as UserOutlined } from '@ant-design/icons/es/icons/UserOutlined';

/** The error box, fetched only when a login is sent. */
export const loadAlert = () => import('antd/es/alert');

/**
 * antd 5's hook for React 19 (what @ant-design/v5-patch-for-react-19 does, without the import from
 * 'antd' that package makes): antd renders its pop-ups and click waves outside the React tree
 * through this function, which React 19 no longer offers as ReactDOM.render.
 */
export { unstableSetRender } from 'antd/es/config-provider/UnstableContext';
