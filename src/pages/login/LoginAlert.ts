/** antd's Alert as a chunk of its own: the login form's error box, fetched only when a login is sent. */
export { Alert as default } from 'antd';
