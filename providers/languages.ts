/** The three interface languages; zh-CN is the default. */
export const LANGUAGES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);
