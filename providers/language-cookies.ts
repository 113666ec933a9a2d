/**
 * The names under which the browser keeps its interface language (localStorage and cookies alike):
 * the language, and '1' once it was picked with the switch. The server reads the cookies.
 */
export const LANGUAGE_COOKIE = 'language';
export const LANGUAGE_CHOSEN_COOKIE = 'languageChosen';
