/**
 * The opened-page tag bar: one tag per opened page, home first without a close button, a right-click
 * menu acting on the clicked tag, buttons to scroll, to close others/all, and to put the content area
 * in full screen. The wheel scrolls the bar sideways; the active tag is kept in view. The keyboard
 * walks it too (tagKeys.ts).
 */
import { useEffect, useRef, type MouseEvent } from 'react';
import { Button, Dropdown, Tooltip, theme, type MenuProps } from 'antd';
import { CloseOutlined, DownOutlined, FullscreenExitOutlined, FullscreenOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useTags } from '../../common/tags';
import { isHome, type Tag } from './tagState';
import { onTagKeyDown } from './tagKeys';

const TAG_BAR_HEIGHT = 40;
const SCROLL_STEP = 240;

interface Props {
  contentFull: boolean;
  onToggleContentFull: () => void;
}

export function TagBar({ contentFull, onToggleContentFull }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const tags = useTags();
  const scroller = useRef<HTMLDivElement>(null);
  const { active } = tags.state;

  // Keep the active tag in view after navigation, closing or a reload.
  useEffect(() => {
    const el = scroller.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(active)}"]`);
    el?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active, tags.state.tags.length]);

  // A vertical wheel scrolls the bar sideways (React's onWheel is passive, so listen natively).
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (Math.abs(e.deltaY) <= Math.abs(e.deltaX)) return;
      e.preventDefault();
      el.scrollLeft += e.deltaY;
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const scroll = (delta: number) => scroller.current?.scrollBy({ left: delta, behavior: 'smooth' });

  const menuFor = (tag: Tag): MenuProps => ({
    items: [
      { key: 'close', label: t('shell.tags.close'), disabled: isHome(tag.key) },
      { key: 'closeOthers', label: t('shell.tags.closeOthers') },
      { key: 'closeAll', label: t('shell.tags.closeAll') },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'close') void tags.close(tag.key);
      if (key === 'closeOthers') void tags.closeOthers(tag.key);
      if (key === 'closeAll') void tags.closeAll();
    },
  });

  const activeTag = tags.state.tags.find((x) => x.key === active) ?? tags.state.tags[0];

  return (
    <div
      data-testid="tag-bar"
      style={{ height: TAG_BAR_HEIGHT, display: 'flex', alignItems: 'center', gap: 4, padding: '0 8px', background: token.colorBgLayout, borderBottom: `1px solid ${token.colorBorderSecondary}`, flex: 'none' }}
    >
      <Button size="small" type="text" icon={<LeftOutlined />} aria-label={t('shell.tags.scrollLeft')} onClick={() => scroll(-SCROLL_STEP)} />
      <div ref={scroller} role="tablist" aria-label={t('shell.tags.label')} onKeyDown={(e) => onTagKeyDown(e, tags)} className="shell-tags-scroller" style={{ flex: 1, display: 'flex', gap: 6, overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'none', alignItems: 'center', height: '100%' }}>
        {tags.state.tags.map((tag) => {
          const isActive = tag.key === active;
          return (
            <Dropdown key={tag.key} trigger={['contextMenu']} menu={menuFor(tag)}>
              <div
                data-testid="tag"
                data-key={tag.key}
                data-active={isActive ? 'true' : 'false'}
                role="tab"
                aria-selected={isActive}
                // One tab stop for the bar: the active tag; the arrow keys reach the others (tagKeys.ts).
                tabIndex={isActive ? 0 : -1}
                className="shell-tag"
                title={tag.key}
                onClick={() => tags.activate(tag.key)}
                style={{
                  flex: 'none',
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: 6,
                  height: 28,
                  padding: '0 10px',
                  borderRadius: token.borderRadiusSM,
                  cursor: 'pointer',
                  userSelect: 'none',
                  whiteSpace: 'nowrap',
                  fontSize: 13,
                  background: token.colorBgContainer,
                  border: `1px solid ${isActive ? token.colorPrimary : token.colorBorderSecondary}`,
                  color: isActive ? token.colorPrimary : token.colorText,
                }}
              >
                <span style={{ width: 8, height: 8, borderRadius: '50%', background: isActive ? token.colorPrimary : token.colorBorder }} />
                <span>{tags.titleOf(tag)}</span>
                {!isHome(tag.key) && (
                  <CloseOutlined
                    data-testid="tag-close"
                    aria-label={t('shell.tags.close')}
                    style={{ fontSize: 10, color: token.colorTextSecondary }}
                    onClick={(e: MouseEvent) => {
                      e.stopPropagation();
                      void tags.close(tag.key);
                    }}
                  />
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
      <Button size="small" type="text" icon={<RightOutlined />} aria-label={t('shell.tags.scrollRight')} onClick={() => scroll(SCROLL_STEP)} />
      <Dropdown menu={menuFor(activeTag)} trigger={['click']}>
        <Button size="small" data-testid="tag-actions">
          {t('shell.tags.actions')} <DownOutlined />
        </Button>
      </Dropdown>
      <Tooltip title={t(contentFull ? 'shell.tags.exitFull' : 'shell.tags.full')}>
        <Button size="small" type="text" data-testid="content-fullscreen" aria-label={t(contentFull ? 'shell.tags.exitFull' : 'shell.tags.full')} icon={contentFull ? <FullscreenExitOutlined /> : <FullscreenOutlined />} onClick={onToggleContentFull} />
      </Tooltip>
    </div>
  );
}
