/**
 * A screen's title as its one level-one heading (sized as antd's h4), with a back control on create,
 * edit and detail screens. Refine's page header would nest its back button inside another element
 * with the button role, name it "back" in every language, and add an empty subtitle heading.
 */
import { useBack } from '@refinedev/core';
import { Button, theme } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export function PageTitle({ text, back = false }: { text: string; back?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const goBack = useBack();
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      {back && <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('buttons.back')} data-testid="page-back" onClick={goBack} />}
      <h1 style={{ margin: 0, fontSize: token.fontSizeHeading4, lineHeight: token.lineHeightHeading4, fontWeight: token.fontWeightStrong, color: token.colorTextHeading }}>{text}</h1>
    </span>
  );
}
