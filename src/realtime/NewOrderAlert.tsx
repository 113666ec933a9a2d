/**
 * The new-order alert of spec sections 1, 4 and 9, for non-merchants: GET /order/getLastOrder every
 * 10 s; the first code is stored silently, a later different one arms the alert: a 5 s notice
 * naming the order, and the sound every 5 s until the operator acknowledges it (the bell button).
 * The mute switch is remembered per user. When the browser blocks the sound (no click on the page
 * yet), a "click to enable sound" button shows instead of a silent failure.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { useFeedback } from '../common/feedback/Feedback';
import { BellFilled, SoundFilled, SoundOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { orderApi } from '../../resources/orders/api';
import { get } from '../providers/http';
import { playAlert, unlockSound } from './sound';

const POLL_MS = 10_000;
const REPEAT_MS = 5_000;
const NOTICE_SECONDS = 5;

interface LastOrder {
  orderCode: string;
  createTime: string;
}

const muteKey = (userId: number) => `realtime.muted.${userId}`;

export function NewOrderAlert({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const { notification } = useFeedback();
  const [muted, setMuted] = useState(() => localStorage.getItem(muteKey(userId)) === '1');
  const [armed, setArmed] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const [beeps, setBeeps] = useState(0);
  const seen = useRef<string | null | undefined>(undefined);

  const { data } = useQuery({
    queryKey: ['realtime', 'lastOrder', userId],
    queryFn: () => get<LastOrder | null>(orderApi.lastOrder, undefined, { silent: true }),
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: true,
  });

  useEffect(() => {
    if (data === undefined) return;
    const code = data?.orderCode ?? null;
    // The first answer is only remembered: what existed before the page opened is not new.
    if (seen.current === undefined || code === seen.current) {
      seen.current = code;
      return;
    }
    seen.current = code;
    if (!code) return;
    setArmed(code);
    // Bottom right: the notice never covers the header's own buttons.
    notification.info({ key: 'new-order', message: t('realtime.newOrderTitle'), description: t('realtime.newOrder', { orderCode: code }), duration: NOTICE_SECONDS, placement: 'bottomRight' });
  }, [data, notification, t]);

  // While armed and not muted: the sound now and every 5 s, until acknowledged.
  useEffect(() => {
    if (!armed || muted) return;
    let cancelled = false;
    const ring = async () => {
      const played = await playAlert();
      if (cancelled) return;
      setBlocked(!played);
      if (played) setBeeps((n) => n + 1);
    };
    void ring();
    const timer = setInterval(() => void ring(), REPEAT_MS);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [armed, muted]);

  // Any click on the page lifts the browser's autoplay block for the rest of the visit. Unless muted,
  // and after the click's own work: starting the browser's audio took 160 ms of a click here (the
  // page keeps its permission to play once the user has interacted with it).
  useEffect(() => {
    if (muted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unlock = () => (timer = setTimeout(() => void unlockSound().then((ok) => ok && setBlocked(false))));
    window.addEventListener('pointerdown', unlock, { once: true });
    return () => {
      window.removeEventListener('pointerdown', unlock);
      clearTimeout(timer);
    };
  }, [muted]);

  const toggleMute = () => {
    localStorage.setItem(muteKey(userId), muted ? '0' : '1');
    setMuted(!muted);
  };

  return (
    <>
      {armed && (
        <Tooltip title={t('realtime.acknowledge', { orderCode: armed })}>
          <Button type="text" danger data-testid="new-order-alert" data-order-code={armed} data-beeps={beeps} aria-label={t('realtime.acknowledge', { orderCode: armed })} icon={<BellFilled />} onClick={() => setArmed(null)} />
        </Tooltip>
      )}
      {armed && blocked && !muted && (
        <Button size="small" type="primary" data-testid="enable-sound" onClick={() => void unlockSound().then((ok) => ok && setBlocked(false))}>
          {t('realtime.enableSound')}
        </Button>
      )}
      <Tooltip title={t(muted ? 'realtime.unmute' : 'realtime.mute')}>
        <Button type="text" data-testid="mute-switch" aria-pressed={muted} aria-label={t(muted ? 'realtime.unmute' : 'realtime.mute')} icon={muted ? <SoundOutlined style={{ opacity: 0.45 }} /> : <SoundFilled />} onClick={toggleMute} />
      </Tooltip>
    </>
  );
}
