/**
 * The login page's texts as its script sees them: every language's, carried in the page as JSON
 * (./markup.ts), and the language shown. Showing another language rewrites every element marked
 * with a text's key (`data-t`), the messages the script added included, and the page's title.
 */
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../../providers/languages';
import { LOGIN_IDS, type LoginTextKey, type LoginTextTable } from './parts';

export interface PageTexts {
  readonly language: Language;
  t: (key: LoginTextKey) => string;
  /** An element showing the text of `key`, which follows the language. */
  element: (key: LoginTextKey) => HTMLElement;
  show: (lang: Language) => void;
}

export function pageTexts(doc: Document): PageTexts {
  const table = JSON.parse(doc.getElementById(LOGIN_IDS.texts)?.textContent ?? '') as LoginTextTable;
  const declared = doc.documentElement.lang;
  let language: Language = isLanguage(declared) ? declared : DEFAULT_LANGUAGE;
  const t = (key: LoginTextKey) => table.texts[language][key];
  return {
    get language() {
      return language;
    },
    t,
    element(key) {
      const span = doc.createElement('span');
      span.dataset.t = key;
      span.textContent = t(key);
      return span;
    },
    show(lang) {
      language = lang;
      doc.documentElement.lang = lang;
      doc.title = t('app.title');
      doc.querySelectorAll<HTMLElement>('[data-t]').forEach((el) => {
        el.textContent = t(el.dataset.t as LoginTextKey);
      });
    },
  };
}
