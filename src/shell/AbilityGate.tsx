/** Provides the signed-in user's CASL ability to the shell (menu, guard, buttons) once it is known. */
import { useEffect, useState, type ReactNode } from 'react';
import { AbilityProvider } from '@casl/react';
import { Spin } from 'antd';
import { currentAbility } from '../providers/access';
import { onUserChange } from '../providers/auth';
import type { AppAbility } from '../../providers/ability-engine';

export function AbilityGate({ children }: { children: ReactNode }) {
  const [ability, setAbility] = useState<AppAbility | null>(null);
  useEffect(() => {
    let live = true;
    const load = () => currentAbility().then((a) => live && setAbility(a));
    void load();
    const off = onUserChange(() => void load());
    return () => {
      live = false;
      off();
    };
  }, []);
  if (!ability) return <Spin fullscreen />;
  return <AbilityProvider value={ability}>{children}</AbilityProvider>;
}
