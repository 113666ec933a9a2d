// antd 5 needs its React 19 render hook before anything else renders.
import './antd-react19';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { initI18n } from './providers/i18n';
import { installErrorCapture } from './shell/error-log/capture';
import { Root } from './Root';

// Errors are captured from the first render on, before any screen has a chance to fail.
installErrorCapture();
await initI18n();
createRoot(document.getElementById('root')!).render(<Root />);
