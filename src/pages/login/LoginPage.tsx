/**
 * /login inside the signed-in app (after a logout, or a session the server refused): the page is
 * loaded anew, and the server sends the login form as it does at first paint (src/pages/login/markup.ts).
 * Nothing of the ended session stays in memory.
 */
import { useEffect } from 'react';

export default function LoginPage() {
  useEffect(() => window.location.replace(`/login${window.location.search}`), []);
  return null;
}
