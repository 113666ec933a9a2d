/**
 * The language switch of the login page: its button at once, its dropdown menu (antd's Dropdown
 * and Menu, a large share of the login route's code otherwise) fetched on the first hover, focus or
 * click, then opened as that hover or click would have opened it.
 */
import { lazy, Suspense, useState } from 'react';
import { LanguageButton } from '../../shell/LanguageButton';

const load = () => import('../../shell/LanguageSwitch').then((m) => ({ default: m.LanguageSwitch }));
const Switch = lazy(load);

export function LoginLanguageSwitch() {
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  // Focus only fetches: the menu opens on hover or click, as the app's own switch does.
  const button = <LanguageButton onMouseEnter={want} onFocus={() => void load()} onClick={want} />;
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <Switch initiallyOpen />
    </Suspense>
  );
}
