import { Dropdown, Button } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../providers/i18n';
import { LANGUAGES, type Language } from '../../providers/languages';

/** Language switch; the pick is remembered and wins on later visits. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Dropdown
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LANGUAGES.map((lang) => ({ key: lang, label: t(`languages.${lang}`) })),
        onClick: ({ key }) => void changeLanguage(key as Language),
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={t('shell.language')} data-testid="language-switch">
        {t(`languages.${i18n.language}`)}
      </Button>
    </Dropdown>
  );
}
