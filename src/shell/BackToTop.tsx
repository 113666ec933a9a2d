/**
 * The back-to-top button of the content area. Its own chunk, loaded after the screen: it shows only
 * once the content has scrolled 400 px.
 */
import type { RefObject } from 'react';
import { FloatButton } from 'antd';

export default function BackToTop({ content }: { content: RefObject<HTMLElement | null> }) {
  return <FloatButton.BackTop target={() => content.current ?? window} visibilityHeight={400} data-testid="back-to-top" />;
}
