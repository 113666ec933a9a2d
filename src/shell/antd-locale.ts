import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/zh-tw';

/** antd's own texts (pagination, pickers, empty states) in the interface language. */
export const antdLocale = (lang: string) => (lang === 'en-US' ? enUS : lang === 'zh-TW' ? zhTW : zhCN);
