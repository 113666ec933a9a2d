/** antd's Popover and Popconfirm, a chunk of their own: see ./lazyPopups.ts. */
export { Popconfirm, Popover } from 'antd';
