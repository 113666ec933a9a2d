import { useState } from 'react';
import { Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../providers/i18n';
import { LANGUAGES, type Language } from '../../../providers/languages';
import { LanguageButton } from './LanguageButton';

/** Language switch; the pick is remembered and wins on later visits (the login page's own is a select, src/pages/login). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [i18n.language],
        items: LANGUAGES.map((lang) => ({ key: lang, label: t(`languages.${lang}`) })),
        onClick: ({ key }) => {
          setOpen(false);
          void changeLanguage(key as Language);
        },
      }}
    >
      <LanguageButton />
    </Dropdown>
  );
}
