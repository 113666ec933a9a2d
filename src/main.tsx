// antd 5 needs its React 19 patch before anything else renders.
import '@ant-design/v5-patch-for-react-19';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { initI18n } from './providers/i18n';
import { App } from './App';

await initI18n();
createRoot(document.getElementById('root')!).render(<App />);
