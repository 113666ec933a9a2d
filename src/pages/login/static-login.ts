/**
 * The login page's script. The HTML already shows the form (./markup.ts, rendered at build time);
 * this takes that very form over, so what was typed and the focus stay as they were: it checks the
 * fields as antd's form would, signs in, says why a login failed (announced: role=alert), keeps the
 * button busy until the app is there, and switches the page's language. Plain DOM, no React or
 * antd: the login route loads this and little more, and the app's chunks are fetched while the user
 * types (`warm`).
 */
import { authProvider, type LoginInput } from '../../providers/auth';
import { httpHooks, sessionExpired } from '../../providers/http';
import { browserLanguage, saveLanguage } from '../../providers/language-choice';
import { isLanguage } from '../../../providers/languages';
import { LOGIN_IDS, type LoginTextKey } from './parts';
import { pageTexts } from './page-texts';

export interface LoginHandover {
  /** Starts fetching the app; called on the first key or click, and on sending. */
  warm: () => void;
  /** Signed in: shows the app at `to` in `language`. Rejects when the app cannot be loaded. */
  enter: (to: string, language: string) => Promise<void>;
}

type FieldName = keyof LoginInput;
/** The checks antd's form made: a user name that is not only spaces, a password. */
const REQUIRED: Partial<Record<FieldName, { message: LoginTextKey; filled: (value: string) => boolean }>> = {
  userName: { message: 'auth.userNameRequired', filled: (v) => v.trim() !== '' },
  password: { message: 'auth.passwordRequired', filled: (v) => v !== '' },
};

export function takeOverLogin(doc: Document, handover: LoginHandover): void {
  const byId = <T extends HTMLElement>(id: string) => doc.getElementById(id) as T;
  const form = byId<HTMLFormElement>(LOGIN_IDS.form);
  const submit = byId<HTMLButtonElement>(LOGIN_IDS.submit);
  const select = byId<HTMLSelectElement>(LOGIN_IDS.language);
  const expired = byId<HTMLElement>(LOGIN_IDS.expired);
  const failure = byId<HTMLElement>(LOGIN_IDS.error);
  const input = (name: FieldName) => form.elements.namedItem(name) as HTMLInputElement;
  const texts = pageTexts(doc);

  // The server chose the language from Accept-Language and the language cookies; a language saved in
  // this browser before it had the cookies may say otherwise.
  const wanted = browserLanguage();
  if (wanted !== texts.language) texts.show(wanted);
  select.value = texts.language;
  saveLanguage(texts.language, false);
  httpHooks.language = () => texts.language;
  select.addEventListener('change', () => {
    if (!isLanguage(select.value)) return;
    texts.show(select.value);
    saveLanguage(select.value, true);
  });

  // Sent here because the server refused the session: said until the next attempt.
  if (sessionExpired.isMarked()) expired.replaceChildren(texts.element('auth.sessionExpired'));

  // The first key or click starts fetching the app; a page only looked at downloads the login route alone.
  const events = ['keydown', 'pointerdown', 'input'] as const;
  const warm = () => {
    events.forEach((e) => doc.removeEventListener(e, warm, true));
    handover.warm();
  };
  events.forEach((e) => doc.addEventListener(e, warm, { capture: true, passive: true }));

  /** Shows or clears a field's message; true when the field is fine. */
  const check = (name: FieldName): boolean => {
    const rule = REQUIRED[name];
    const field = input(name);
    const message = byId<HTMLElement>(`${field.id}-error`);
    if (!rule || rule.filled(field.value)) {
      field.removeAttribute('aria-invalid');
      message.replaceChildren();
      return true;
    }
    // Said once: an alert written again would be announced again on every key.
    if (field.getAttribute('aria-invalid') !== 'true') {
      field.setAttribute('aria-invalid', 'true');
      message.replaceChildren(texts.element(rule.message));
    }
    return false;
  };
  // As antd's form: once a field has said what is wrong, it says again as the user types.
  form.addEventListener('input', (event) => {
    const name = (event.target as HTMLInputElement).name as FieldName;
    if (input(name)?.getAttribute('aria-invalid') === 'true') check(name);
  });

  let busy = false;
  const setBusy = (on: boolean) => {
    busy = on;
    submit.setAttribute('aria-busy', String(on));
  };
  const showFailure = (message: string) => failure.replaceChildren(message);

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (busy) return;
    const names: FieldName[] = ['userName', 'password', 'googleCode'];
    const wrong = names.filter((name) => !check(name));
    if (wrong.length) {
      input(wrong[0]).focus();
      return;
    }
    void signIn({ userName: input('userName').value, password: input('password').value, googleCode: input('googleCode').value });
  });

  async function signIn(values: LoginInput) {
    showFailure('');
    expired.replaceChildren();
    sessionExpired.clear();
    setBusy(true);
    handover.warm();
    const result = await authProvider.login(values);
    if (!result.success) {
      setBusy(false);
      showFailure(result.error?.message || texts.t('auth.loginFailed'));
      return;
    }
    // Where the app's own login went: the page asked for before login wins, else the provider's choice.
    const to = new URLSearchParams(doc.defaultView?.location.search).get('to') ?? result.redirectTo ?? '/home';
    try {
      // The button stays busy until the app is there, so no blank page comes between them.
      await handover.enter(to, texts.language);
    } catch {
      setBusy(false);
      failure.replaceChildren(texts.element('shell.errors.chunkTitle'));
    }
  }

  // Taken over: the form can be sent.
  submit.disabled = false;
}
