// @ant-design/icons ships types for its CommonJS icons only; the ES ones (imported by path in
// antd-parts.ts) are the same components.
declare module '@ant-design/icons/es/icons/*' {
  const Icon: typeof import('@ant-design/icons/lib/icons/UserOutlined').default;
  export default Icon;
}
