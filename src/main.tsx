// antd 5 needs its React 19 render hook before anything else renders.
import './antd-react19';
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import './styles.css';
import { initI18n } from './providers/i18n';
import { httpHooks } from './providers/http';
import { installErrorCapture } from './shell/error-log/capture';
import { Root } from './Root';

// Errors are captured from the first render on, before any screen has a chance to fail.
installErrorCapture();
// Server messages (a failed login's) in the interface language from the login page on; the app's
// HttpBridge sets the same once it runs.
httpHooks.language = () => i18next.language;
await initI18n();
createRoot(document.getElementById('root')!).render(<Root />);
