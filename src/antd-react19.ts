/**
 * antd 5 on React 19: antd renders its pop-ups, static messages and click waves outside the React
 * tree, with a render function React 19 no longer has; this gives it one (what
 * @ant-design/v5-patch-for-react-19 does, written out here). Imported first by Root.tsx, before
 * anything renders.
 */
import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd';

type Container = (Element | DocumentFragment) & { _reactRoot?: Root };

unstableSetRender((node, container: Container) => {
  container._reactRoot ??= createRoot(container);
  const root = container._reactRoot;
  root.render(node);
  return () =>
    new Promise<void>((resolve) => {
      setTimeout(() => {
        root.unmount();
        resolve();
      }, 0);
    });
});
