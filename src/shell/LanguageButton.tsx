import { Button, TranslationOutlined, type ButtonProps } from '../pages/login/antd-parts';
import { useTranslation } from 'react-i18next';

/**
 * The language switch's button (the current language), without its menu: the login page shows it
 * alone until the menu's code has loaded (pages/login/LoginLanguageSwitch.tsx). The Dropdown's
 * handlers and ref reach the button through `props`.
 */
export function LanguageButton(props: ButtonProps) {
  const { t, i18n } = useTranslation();
  return (
    <Button type="text" icon={<TranslationOutlined />} aria-label={t('shell.language')} data-testid="language-switch" {...props}>
      {t(`languages.${i18n.language}`)}
    </Button>
  );
}
