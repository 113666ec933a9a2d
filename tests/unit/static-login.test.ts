/**
 * The login page before and after its script: the HTML rendered at build time shows a labelled form
 * whose button waits for the script; the script takes that same form over (what was typed and the
 * focus stay), checks it, signs in or says why not, and switches the language.
 */
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { loginTextTable, renderAdminPage } from '../../scripts/login-page';
import { loginMarkup } from '../../src/pages/login/markup';

const login = vi.fn();
vi.mock('../../src/providers/auth', () => ({ authProvider: { login: (values: unknown) => login(values) } }));
const { takeOverLogin } = await import('../../src/pages/login/static-login');
const { sessionExpired } = await import('../../src/providers/http');

const table = loginTextTable(process.cwd());
const byLabel = (text: string) => {
  const label = [...document.querySelectorAll('label')].find((l) => l.textContent === text);
  return document.getElementById(label?.htmlFor ?? '') as HTMLInputElement;
};
const button = () => document.getElementById('login-submit') as HTMLButtonElement;
const send = () => (document.getElementById('login-form') as HTMLFormElement).requestSubmit();
const flush = () => new Promise((r) => setTimeout(r, 0));

let handover: { warm: Mock<() => void>; enter: Mock<(to: string, language: string) => Promise<void>> };
function page(lang: 'en-US' | 'zh-CN' = 'en-US') {
  document.documentElement.lang = lang;
  document.body.innerHTML = loginMarkup(lang, table);
}
const takeOver = () => takeOverLogin(document, handover);

beforeEach(() => {
  handover = { warm: vi.fn<() => void>(), enter: vi.fn(async (_to: string, _language: string) => undefined) };
  login.mockReset();
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/login');
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('the login page before its script', () => {
  it('shows every field with its label in the page language, and a button that cannot send yet', () => {
    page('zh-CN');
    expect(byLabel('用户名').name).toBe('userName');
    expect(byLabel('密码').type).toBe('password');
    expect(byLabel('谷歌验证码').getAttribute('aria-describedby')).toContain('login-googleCode-hint');
    expect(button().disabled).toBe(true);
    expect(button().textContent).toBe('登录');
    // Sent by the browser anyway, it would never put a password in the address.
    expect(document.getElementById('login-form')!.getAttribute('method')).toBe('post');
  });

  it('is built into the pages the server sends: the form in each language, none for a session', () => {
    const template = readFileSync('index.html', 'utf8');
    const css = readFileSync('src/pages/login/login.css', 'utf8');
    const en = renderAdminPage(template, 'en-US', table, css);
    expect(en).toContain('<html lang="en-US">');
    expect(en).toContain('<title>Payment Admin</title>');
    expect(en).toMatch(/<style>[^<]*\.login-card\{/);
    expect(en).toContain('for="login-userName"><span data-t="auth.userName">User name</span>');
    const app = renderAdminPage(template, null, table, css);
    expect(app).not.toContain('login-form');
    expect(app).not.toContain('<style>');
  });
});

describe('the login page once its script runs', () => {
  it('keeps what was typed and the focus, and lets the form be sent', () => {
    page();
    byLabel('User name').value = 'admin';
    byLabel('Password').value = 'secret';
    byLabel('Password').focus();
    takeOver();
    expect(byLabel('User name').value).toBe('admin');
    expect(byLabel('Password').value).toBe('secret');
    expect(document.activeElement).toBe(byLabel('Password'));
    expect(button().disabled).toBe(false);
  });

  it('says which field is missing (announced), focuses it, and sends nothing', async () => {
    page();
    takeOver();
    byLabel('User name').value = '   ';
    send();
    await flush();
    expect(login).not.toHaveBeenCalled();
    const userError = document.getElementById('login-userName-error')!;
    expect(userError.getAttribute('role')).toBe('alert');
    expect(userError.textContent).toBe('Please enter your user name');
    expect(document.getElementById('login-password-error')!.textContent).toBe('Please enter your password');
    expect(byLabel('User name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(byLabel('User name'));
    // Typing clears the message, as antd's form did.
    byLabel('User name').value = 'admin';
    byLabel('User name').dispatchEvent(new Event('input', { bubbles: true }));
    expect(userError.textContent).toBe('');
  });

  it('shows a refused login in the alert and can be sent again', async () => {
    page();
    takeOver();
    login.mockResolvedValue({ success: false, error: { name: 'login', message: 'Wrong user name or password' } });
    byLabel('User name').value = 'admin';
    byLabel('Password').value = 'wrong';
    send();
    await flush();
    expect(login).toHaveBeenCalledWith({ userName: 'admin', password: 'wrong', googleCode: '' });
    const alert = document.querySelector('[data-testid="login-error"]')!;
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe('Wrong user name or password');
    expect(button().getAttribute('aria-busy')).toBe('false');
    expect(handover.enter).not.toHaveBeenCalled();
  });

  it('enters the app at the page asked for, in the language shown', async () => {
    window.history.replaceState(null, '', '/login?to=%2Forder%2Flist');
    page();
    takeOver();
    login.mockResolvedValue({ success: true, redirectTo: '/home' });
    byLabel('User name').value = 'admin';
    byLabel('Password').value = 'right';
    send();
    await flush();
    expect(handover.warm).toHaveBeenCalled();
    expect(handover.enter).toHaveBeenCalledWith('/order/list', 'en-US');
    expect(button().getAttribute('aria-busy')).toBe('true');
  });

  it('says the login expired only after a refused session, until the next attempt', async () => {
    sessionExpired.mark();
    page();
    takeOver();
    const notice = document.querySelector('[data-testid="login-expired"]')!;
    expect(notice.textContent).toBe('Your login has expired. Please log in again.');
    login.mockResolvedValue({ success: false, error: { name: 'login', message: 'no' } });
    byLabel('User name').value = 'admin';
    byLabel('Password').value = 'x';
    send();
    await flush();
    expect(notice.textContent).toBe('');
    expect(sessionExpired.isMarked()).toBe(false);
    page();
    takeOver();
    expect(document.querySelector('[data-testid="login-expired"]')!.textContent).toBe('');
  });

  it('switches the language of every text, messages included, and remembers the choice', async () => {
    page();
    takeOver();
    send();
    await flush();
    const select = document.getElementById('login-language') as HTMLSelectElement;
    select.value = 'zh-TW';
    select.dispatchEvent(new Event('change'));
    expect(byLabel('用戶名').name).toBe('userName');
    expect(document.getElementById('login-userName-error')!.textContent).toBe('請輸入用戶名');
    expect(document.documentElement.lang).toBe('zh-TW');
    expect(document.title).toBe('支付管理後台');
    expect(localStorage.getItem('language')).toBe('zh-TW');
    expect(localStorage.getItem('languageChosen')).toBe('1');
    // The server reads the same choice, to send the page in it next time.
    expect(document.cookie).toContain('language=zh-TW');
    expect(document.cookie).toContain('languageChosen=1');
  });

  it('shows the language this browser picked when the server could not know it', () => {
    localStorage.setItem('language', 'zh-TW');
    localStorage.setItem('languageChosen', '1');
    page('en-US');
    takeOver();
    expect(byLabel('密碼').type).toBe('password');
    expect((document.getElementById('login-language') as HTMLSelectElement).value).toBe('zh-TW');
  });
});
