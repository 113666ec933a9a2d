/**
 * Provides what the signed-in user's screens need once it is known: the CASL ability (menu, guard,
 * buttons) and the currency every amount is shown in.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { AbilityProvider } from '@casl/react';
import { Spin } from 'antd';
import { currentAbility } from '../registry/access';
import { loadUserInfo, onUserChange } from '../providers/auth';
import { CurrencyContext } from '../components/fields/currency';
import type { AppAbility } from '../../providers/ability-engine';

export function AbilityGate({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<{ ability: AppAbility; currency: string } | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      // A failed user info leaves the ability empty (currentAbility) and the amounts without a code.
      Promise.all([currentAbility(), loadUserInfo().catch(() => null)]).then(([ability, user]) => live && setSession({ ability, currency: user?.currency ?? '' }));
    void load();
    const off = onUserChange(() => void load());
    return () => {
      live = false;
      off();
    };
  }, []);
  if (!session) return <Spin fullscreen />;
  return (
    <AbilityProvider value={session.ability}>
      <CurrencyContext.Provider value={session.currency}>{children}</CurrencyContext.Provider>
    </AbilityProvider>
  );
}
