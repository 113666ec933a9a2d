/** Puts the whole admin in the browser's full screen and back (screenfull smooths browser differences). */
import { useEffect, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { CompressOutlined, ExpandOutlined } from '@ant-design/icons';
import screenfull from 'screenfull';
import { useTranslation } from 'react-i18next';

export function FullscreenToggle() {
  const { t } = useTranslation();
  const [full, setFull] = useState(screenfull.isEnabled && screenfull.isFullscreen);
  useEffect(() => {
    if (!screenfull.isEnabled) return;
    const sync = () => setFull(screenfull.isFullscreen);
    screenfull.on('change', sync);
    return () => screenfull.off('change', sync);
  }, []);
  if (!screenfull.isEnabled) return null;
  const label = t(full ? 'shell.exitFullscreen' : 'shell.fullscreen');
  return (
    <Tooltip title={label}>
      <Button type="text" aria-label={label} data-testid="fullscreen" icon={full ? <CompressOutlined /> : <ExpandOutlined />} onClick={() => void screenfull.toggle()} />
    </Tooltip>
  );
}
