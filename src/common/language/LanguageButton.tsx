import { Button, type ButtonProps } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The language switch's button (the current language); the Dropdown's handlers and ref reach it through `props`. */
export function LanguageButton(props: ButtonProps) {
  const { t, i18n } = useTranslation();
  const current = t(`languages.${i18n.language}`);
  // The name starts with what the button shows (the current language), as speech input expects.
  return (
    <Button type="text" icon={<TranslationOutlined />} aria-label={`${current} (${t('shell.language')})`} data-testid="language-switch" {...props}>
      {current}
    </Button>
  );
}
