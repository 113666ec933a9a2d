/**
 * The login page as HTML, rendered when the admin is built (scripts/login-page.ts) in each language:
 * the server sends the one the browser's language asks for (server/http/admin-page.ts), so a working
 * form shows at first paint, before any script runs. The page's script (./static-login.ts) then
 * enhances this very form: nothing typed, and no focus, is lost. Texts carry `data-t` (their key in
 * locales/), so the script can show them in another language; every language's texts travel in
 * the page as JSON for that.
 */
import { LANGUAGES, type Language } from '../../../providers/languages';
import { LOGIN_IDS, type LoginTextKey, type LoginTextTable, type LoginTexts } from './parts';

/** Text made safe inside HTML and its attributes. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An icon as antd draws it (1em, the text's colour); hidden from assistive technology. */
const icon = (path: string, viewBox = '64 64 896 896') => `<svg class="login-icon" viewBox="${viewBox}" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false"><path d="${path}"/></svg>`;
// @ant-design/icons' UserOutlined, LockOutlined, SafetyOutlined and TranslationOutlined, drawn without their runtime.
const USER = icon('M858.5 763.6a374 374 0 00-80.6-119.5 375.63 375.63 0 00-119.5-80.6c-.4-.2-.8-.3-1.2-.5C719.5 518 760 444.7 760 362c0-137-111-248-248-248S264 225 264 362c0 82.7 40.5 156 102.8 201.1-.4.2-.8.3-1.2.5-44.8 18.9-85 46-119.5 80.6a375.63 375.63 0 00-80.6 119.5A371.7 371.7 0 00136 901.8a8 8 0 008 8.2h60c4.4 0 7.9-3.5 8-7.8 2-77.2 33-149.5 87.8-204.3 56.7-56.7 132-87.9 212.2-87.9s155.5 31.2 212.2 87.9C779 752.7 810 825 812 902.2c.1 4.4 3.6 7.8 8 7.8h60a8 8 0 008-8.2c-1-47.8-10.9-94.3-29.5-138.2zM512 534c-45.9 0-89.1-17.9-121.6-50.4S340 407.9 340 362c0-45.9 17.9-89.1 50.4-121.6S466.1 190 512 190s89.1 17.9 121.6 50.4S684 316.1 684 362c0 45.9-17.9 89.1-50.4 121.6S557.9 534 512 534z');
const LOCK = icon('M832 464h-68V240c0-70.7-57.3-128-128-128H388c-70.7 0-128 57.3-128 128v224h-68c-17.7 0-32 14.3-32 32v384c0 17.7 14.3 32 32 32h640c17.7 0 32-14.3 32-32V496c0-17.7-14.3-32-32-32zM332 240c0-30.9 25.1-56 56-56h248c30.9 0 56 25.1 56 56v224H332V240zm460 600H232V536h560v304zM484 701v53c0 4.4 3.6 8 8 8h40c4.4 0 8-3.6 8-8v-53a48.01 48.01 0 10-56 0z');
const SAFETY = icon(
  'M512 64L128 192v384c0 212.1 171.9 384 384 384s384-171.9 384-384V192L512 64zm312 512c0 172.3-139.7 312-312 312S200 748.3 200 576V246l312-110 312 110v330zM378.4 475.1a35.91 35.91 0 00-50.9 0 35.91 35.91 0 000 50.9l129.4 129.4 2.1 2.1a33.98 33.98 0 0048.1 0L730.6 434a33.98 33.98 0 000-48.1l-2.8-2.8a33.98 33.98 0 00-48.1 0L483 579.7 378.4 475.1z',
  '0 0 1024 1024',
);
const TRANSLATION = icon('M140 188h584v164h76V144c0-17.7-14.3-32-32-32H96c-17.7 0-32 14.3-32 32v736c0 17.7 14.3 32 32 32h544v-76H140V188z M414.3 256h-60.6c-3.4 0-6.4 2.2-7.6 5.4L219 629.4c-.3.8-.4 1.7-.4 2.6 0 4.4 3.6 8 8 8h55.1c3.4 0 6.4-2.2 7.6-5.4L322 540h196.2L422 261.4a8.42 8.42 0 00-7.7-5.4zm12.4 228h-85.5L384 360.2 426.7 484zM936 528H800v-93c0-4.4-3.6-8-8-8h-56c-4.4 0-8 3.6-8 8v93H592c-13.3 0-24 10.7-24 24v176c0 13.3 10.7 24 24 24h136v152c0 4.4 3.6 8 8 8h56c4.4 0 8-3.6 8-8V752h136c13.3 0 24-10.7 24-24V552c0-13.3-10.7-24-24-24zM728 680h-88v-80h88v80zm160 0h-88v-80h88v80z');

/** A text of the page, marked with its key so the script can switch its language. */
const text = (texts: LoginTexts, key: LoginTextKey) => `<span data-t="${key}">${escapeHtml(texts[key])}</span>`;

interface Field {
  name: 'userName' | 'password' | 'googleCode';
  label: LoginTextKey;
  icon: string;
  attributes: string;
  hint?: LoginTextKey;
}
const FIELDS: Field[] = [
  { name: 'userName', label: 'auth.userName', icon: USER, attributes: 'type="text" autocomplete="username" required autofocus' },
  { name: 'password', label: 'auth.password', icon: LOCK, attributes: 'type="password" autocomplete="current-password" required' },
  // 12, not 6: a code pasted with spaces around it is trimmed on sending (spec section 5), not cut.
  { name: 'googleCode', label: 'auth.googleCode', icon: SAFETY, attributes: 'type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="12"', hint: 'auth.googleCodeHint' },
];

function field(texts: LoginTexts, { name, label, icon: drawn, attributes, hint }: Field): string {
  const id = `login-${name}`;
  // The error (announced as it appears) and the hint describe the input.
  const described = [`${id}-error`, hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return [
    `<div class="login-field">`,
    `<label class="login-label" for="${id}">${text(texts, label)}</label>`,
    `<span class="login-input">${drawn}<input id="${id}" name="${name}" ${attributes} aria-describedby="${described}"></span>`,
    `<div class="login-field-error" id="${id}-error" role="alert"></div>`,
    hint ? `<div class="login-hint" id="${id}-hint">${text(texts, hint)}</div>` : '',
    `</div>`,
  ].join('');
}

/**
 * The page's markup in `lang`. The button stays disabled until the script has taken the form over:
 * a form sent earlier would leave the page (and the HTML form would post what was typed to a page
 * that cannot sign in); until then the fields take input, and Enter does nothing.
 */
export function loginMarkup(lang: Language, table: LoginTextTable): string {
  const texts = table.texts[lang];
  const options = LANGUAGES.map((l) => `<option value="${l}" lang="${l}"${l === lang ? ' selected' : ''}>${escapeHtml(table.names[l])}</option>`).join('');
  // JSON inside <script>: no "<" may end the element early.
  const json = JSON.stringify(table).replace(/</g, '\\u003c');
  return [
    `<div id="${LOGIN_IDS.page}" class="login">`,
    `<div class="login-language">${TRANSLATION}<label class="login-hidden" for="${LOGIN_IDS.language}">${text(texts, 'shell.language')}</label>`,
    `<select id="${LOGIN_IDS.language}" data-testid="language-switch">${options}</select></div>`,
    `<form id="${LOGIN_IDS.form}" class="login-card" method="post" action="/login" novalidate aria-labelledby="login-title">`,
    `<h1 id="login-title" class="login-title">${text(texts, 'app.title')}</h1>`,
    `<noscript><div class="login-alert login-warning">${text(texts, 'auth.needsScript')}</div></noscript>`,
    `<div id="${LOGIN_IDS.expired}" data-testid="login-expired" class="login-alert login-warning" role="status"></div>`,
    `<div id="${LOGIN_IDS.error}" data-testid="login-error" class="login-alert login-error" role="alert"></div>`,
    ...FIELDS.map((f) => field(texts, f)),
    `<button id="${LOGIN_IDS.submit}" class="login-submit" type="submit" disabled><span class="login-spinner" aria-hidden="true"></span>${text(texts, 'auth.login')}</button>`,
    `</form></div>`,
    `<script type="application/json" id="${LOGIN_IDS.texts}">${json}</script>`,
  ].join('');
}
