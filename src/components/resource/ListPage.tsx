/**
 * A list screen's frame: its title and header buttons, then the filters and the table. Laid out as
 * Refine's List laid it out (antd's page header: the class names styles.css and the tests know, the
 * same sizes from the theme), without it: its page header is @ant-design/pro-layout's, which brings
 * pro-provider with every locale (about 20 kB gzip) onto every list. The forms and detail pages
 * still use Refine's.
 */
import type { ReactNode } from 'react';
import { Button, Space, theme } from 'antd';
import { PlusSquareOutlined } from '@ant-design/icons';
import { useCreateButton } from '@refinedev/core';

export function ListPage({ title, buttons, children }: { title: ReactNode; buttons: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div className="ant-page-header ant-page-header-ghost" style={{ position: 'relative' }}>
      {/* Wraps where title and buttons do not fit side by side (the page header's compact mode). */}
      <div className="ant-page-header-heading" style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <div className="ant-page-header-heading-left" style={{ display: 'flex', alignItems: 'center', marginBlock: token.marginXS / 2, overflow: 'hidden' }}>
          <span
            className="ant-page-header-heading-title"
            style={{
              marginInlineEnd: token.marginSM,
              color: token.colorTextHeading,
              fontWeight: 600,
              fontSize: token.fontSizeHeading4,
              lineHeight: `${token.controlHeight}px`,
              overflow: 'hidden',
              whiteSpace: 'nowrap',
              textOverflow: 'ellipsis',
            }}
          >
            {title}
          </span>
        </div>
        <span className="ant-page-header-heading-extra" style={{ marginBlock: token.marginXS / 2, whiteSpace: 'nowrap' }}>
          <Space wrap>{buttons}</Space>
        </span>
      </div>
      <div className="ant-page-header-content" style={{ paddingBlockStart: token.paddingSM }}>
        {children}
      </div>
    </div>
  );
}

/** The list's create button, as Refine's: a link to the create screen, hidden or disabled as access control says. */
export function CreateButton({ resource }: { resource: string }) {
  const { hidden, disabled, label, title, LinkComponent, to } = useCreateButton({ resource });
  if (hidden) return null;
  return (
    <LinkComponent to={to} replace={false} onClick={(e: React.MouseEvent) => disabled && e.preventDefault()}>
      <Button type="primary" icon={<PlusSquareOutlined />} disabled={disabled} title={title} className="refine-create-button">
        {label}
      </Button>
    </LinkComponent>
  );
}
